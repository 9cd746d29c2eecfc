//! Progress display for `hayate report`: one bar for the whole run (sections) and one for the
//! current section (its measurements), with the operation being measured named. Drawn on
//! standard error by indicatif, and hidden when standard error is not a terminal.

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Progress {
    multi: MultiProgress,
    overall: ProgressBar,
    section: Option<ProgressBar>,
}

impl Progress {
    /// `sections`: how many sections will run; `visible`: draw at all (false in tests).
    pub fn new(sections: u64, visible: bool) -> Progress {
        let target = if visible {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let multi = MultiProgress::with_draw_target(target);
        let overall = multi.add(ProgressBar::new(sections));
        overall.set_style(
            ProgressStyle::with_template(
                "report  [{bar:30.cyan/blue}] {pos}/{len} sections  {elapsed_precise}  {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            multi,
            overall,
            section: None,
        }
    }

    /// Starts a section of `steps` measurements.
    pub fn start_section(&mut self, name: &str, steps: u64) {
        self.finish_section();
        let bar = self.multi.add(ProgressBar::new(steps.max(1)));
        bar.set_style(
            ProgressStyle::with_template(
                "  {prefix:<5} [{bar:30.green/white}] {pos}/{len}  {wide_msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_prefix(name.to_string());
        self.overall.set_message(format!("paper {name}"));
        self.section = Some(bar);
    }

    /// Names the operation now being measured and advances the section bar by one.
    pub fn step(&self, what: &str) {
        if let Some(b) = &self.section {
            b.set_message(what.to_string());
            b.inc(1);
        }
    }

    fn finish_section(&mut self) {
        if let Some(b) = self.section.take() {
            b.finish_and_clear();
            self.overall.inc(1);
        }
    }

    pub fn finish(mut self) {
        self.finish_section();
        self.overall.finish_and_clear();
    }
}
