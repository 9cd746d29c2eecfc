//! `hayate report --compare OLD.json NEW.json`: matches the `figures` of two `results.json`
//! files by id and prints NEW/OLD for each (below 1 = NEW is smaller: faster, for times).

use std::collections::BTreeMap;
use std::path::Path;

use super::model::{Results, SCHEMA};

/// One compared figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Compared {
    pub id: String,
    pub unit: String,
    pub old: Option<f64>,
    pub new: Option<f64>,
}

impl Compared {
    /// NEW / OLD, when both exist and OLD is non-zero.
    pub fn ratio(&self) -> Option<f64> {
        match (self.old, self.new) {
            (Some(o), Some(n)) if o != 0.0 && o.is_finite() && n.is_finite() => Some(n / o),
            _ => None,
        }
    }
}

/// Reads and checks a results file.
pub fn load(path: &Path) -> Result<Results, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let r: Results = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a hayate results file: {e}", path.display()))?;
    if r.schema != SCHEMA {
        return Err(format!(
            "{}: schema {:?}, expected {SCHEMA:?}",
            path.display(),
            r.schema
        ));
    }
    Ok(r)
}

/// Pairs the figures of two runs by id (sorted by id).
pub fn compare(old: &Results, new: &Results) -> Vec<Compared> {
    let mut m: BTreeMap<String, Compared> = BTreeMap::new();
    for f in &old.figures {
        m.entry(f.id.clone())
            .or_insert_with(|| Compared {
                id: f.id.clone(),
                unit: f.unit.clone(),
                old: None,
                new: None,
            })
            .old = Some(f.value);
    }
    for f in &new.figures {
        m.entry(f.id.clone())
            .or_insert_with(|| Compared {
                id: f.id.clone(),
                unit: f.unit.clone(),
                old: None,
                new: None,
            })
            .new = Some(f.value);
    }
    m.into_values().collect()
}

/// The comparison as printable text.
pub fn format(old: &Results, new: &Results, rows: &[Compared]) -> String {
    let mut s = format!(
        "OLD: git {} ({}{}), NEW: git {} ({}{})\n",
        old.git_revision,
        old.machine.cpu_model,
        if old.quick { ", quick" } else { "" },
        new.git_revision,
        new.machine.cpu_model,
        if new.quick { ", quick" } else { "" }
    );
    if old.machine.cpu_model != new.machine.cpu_model {
        s.push_str("note: different CPUs — ratios compare machines as much as code\n");
    }
    let w = rows.iter().map(|r| r.id.len()).max().unwrap_or(10).max(10);
    s.push_str(&format!(
        "{:<w$}  {:>14}  {:>14}  {:<10} {:>9}\n",
        "figure", "OLD", "NEW", "unit", "NEW/OLD"
    ));
    let num = |x: Option<f64>| x.map(|v| format!("{v:.4}")).unwrap_or_else(|| "—".into());
    for r in rows {
        s.push_str(&format!(
            "{:<w$}  {:>14}  {:>14}  {:<10} {:>9}\n",
            r.id,
            num(r.old),
            num(r.new),
            r.unit,
            r.ratio()
                .map(|q| format!("{q:.3}"))
                .unwrap_or_else(|| "—".into())
        ));
    }
    let ratios: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.ratio())
        .filter(|q| *q > 0.0)
        .collect();
    if !ratios.is_empty() {
        let geo = (ratios.iter().map(|q| q.ln()).sum::<f64>() / ratios.len() as f64).exp();
        s.push_str(&format!(
            "{} figures in both runs; geometric mean NEW/OLD = {geo:.3}\n",
            ratios.len()
        ));
    }
    s
}
