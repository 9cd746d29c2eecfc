//! The report's data model: what `results.json` contains and what the Markdown/HTML renderers
//! and the compare mode read.
//!
//! Schema `hayate-report/1` (documented in the README and in `report.schema.json`):
//!
//! * `schema`, `hayate_version`, `git_revision`, `generated_unix` (seconds), `quick` (fewer
//!   repetitions), `complete` (false when interrupted with Ctrl-C),
//! * `machine` (CPU model and flags, cores, clock source, TSC frequency estimate, OS, compiler),
//! * `method` (samples per figure, statistic, spread),
//! * `sections`: one per paper (`id` "000" … "004"), `bls` (BLS signatures) and `ct` (dudect
//!   constant-time evidence), each with a
//!   `status`, free-text `notes`,
//!   `tables` (column headers plus rows of cells: string, number or null) and `charts`
//!   (series of (x, y) points, rendered to SVG/PNG files named in `files`),
//! * `figures`: every measured number once, under a stable dotted id such as
//!   `001.bn254-beuchat.pairing.cycles`, with its unit — this flat list is what
//!   `hayate report --compare OLD NEW` matches.

use serde::{Deserialize, Serialize};

/// Version tag of the `results.json` layout.
pub const SCHEMA: &str = "hayate-report/1";

/// A whole report.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Results {
    pub schema: String,
    pub hayate_version: String,
    pub git_revision: String,
    pub generated_unix: u64,
    pub quick: bool,
    pub complete: bool,
    pub machine: Machine,
    pub method: Method,
    pub sections: Vec<Section>,
    pub figures: Vec<Figure>,
}

/// Where the figures were measured.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Machine {
    pub cpu_model: String,
    /// The CPU flags that matter to hayate's back ends (subset of /proc/cpuinfo flags).
    pub cpu_flags: Vec<String>,
    pub logical_cores: usize,
    pub clock_source: String,
    /// TSC ticks per nanosecond, estimated against the monotonic clock (cycles are TSC ticks).
    pub tsc_ghz: f64,
    pub os: String,
    pub compiler: String,
    pub arith_backend: String,
    /// The AES back end of the AES-based AEADs (absent in reports from before it was recorded).
    #[serde(default)]
    pub aes_backend: String,
}

/// How the figures were measured.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Method {
    pub description: String,
    pub statistic: String,
    pub spread: String,
}

/// Section status values.
pub mod status {
    pub const MEASURED: &str = "measured";
    pub const SKIPPED: &str = "skipped (--only)";
    pub const INTERRUPTED: &str = "interrupted";
}

/// One paper's section.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Section {
    pub id: String,
    pub title: String,
    pub status: String,
    pub notes: Vec<String>,
    pub tables: Vec<Table>,
    pub charts: Vec<Chart>,
}

impl Section {
    pub fn new(id: &str, title: &str) -> Section {
        Section {
            id: id.into(),
            title: title.into(),
            status: status::MEASURED.into(),
            notes: Vec::new(),
            tables: Vec::new(),
            charts: Vec::new(),
        }
    }
}

/// A table cell: text, a number (rendered with the column's precision) or missing.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Cell {
    Num(f64),
    Text(String),
    Missing(Option<()>),
}

impl Cell {
    pub fn missing() -> Cell {
        Cell::Missing(None)
    }
    pub fn opt(x: Option<f64>) -> Cell {
        match x {
            Some(v) if v.is_finite() => Cell::Num(v),
            _ => Cell::missing(),
        }
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Cell {
        Cell::Text(s.to_string())
    }
}
impl From<String> for Cell {
    fn from(s: String) -> Cell {
        Cell::Text(s)
    }
}
impl From<f64> for Cell {
    fn from(x: f64) -> Cell {
        Cell::opt(Some(x))
    }
}
impl From<Option<f64>> for Cell {
    fn from(x: Option<f64>) -> Cell {
        Cell::opt(x)
    }
}

/// A table: headers, rows, and per-column number precision (digits after the point).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Table {
    pub id: String,
    pub title: String,
    pub columns: Vec<String>,
    pub precision: Vec<u8>,
    pub rows: Vec<Vec<Cell>>,
    pub note: String,
}

impl Table {
    pub fn new(id: &str, title: &str, columns: &[(&str, u8)]) -> Table {
        Table {
            id: id.into(),
            title: title.into(),
            columns: columns.iter().map(|c| c.0.to_string()).collect(),
            precision: columns.iter().map(|c| c.1).collect(),
            rows: Vec::new(),
            note: String::new(),
        }
    }
    pub fn row(&mut self, cells: Vec<Cell>) {
        debug_assert_eq!(cells.len(), self.columns.len());
        self.rows.push(cells);
    }
}

/// A chart: named series of (x, y) points, drawn as lines (or as grouped bars when
/// `x_categories` names the x positions 0, 1, 2, …).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Chart {
    pub id: String,
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub log_y: bool,
    pub x_categories: Vec<String>,
    pub series: Vec<Series>,
    /// Files written for this chart, relative to the report directory.
    pub files: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

/// One measured number under a stable id; for times, `samples` batches were timed and
/// `min`/`max` give the spread of their per-call times around the median `value`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Figure {
    pub id: String,
    pub value: f64,
    pub unit: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub samples: Option<usize>,
}
