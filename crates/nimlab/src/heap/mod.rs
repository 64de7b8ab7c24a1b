//! Heap games as data: take-and-break rules, the sequence engine and periodicity.
//!
//! A heap game is a [`Rule`] (an octal or hexadecimal [`Code`], a splitting rule, or a
//! subtraction set); its Grundy values G(0), G(1), … are a [`Sequence`], and a
//! [`Periodicity`] found in them, proved by the Guy–Smith theorem where it applies, gives
//! the value of a heap of any size.
//!
//! ```
//! use nimlab::heap::{Periodicity, Rule, Sequence};
//! let mut kayles = Sequence::new(Rule::parse("kayles").unwrap());
//! kayles.extend_to(200).unwrap();
//! let p = Periodicity::find(&kayles).unwrap();
//! assert_eq!((p.period, p.preperiod, p.proved), (12, 71, true));
//! ```

mod binary;
mod checkpoint;
mod code;
mod disk_state;
mod files;
mod handoff;
mod on_disk;
mod one_heap;
mod period;
mod report;
mod rule;
mod run;
mod sequence;
mod sparse;
mod subtraction_set;
mod survey;
mod table;
mod value_file;
mod values;
mod waiting;
mod window;

pub use binary::{read_binary, read_binary_file, write_binary};
pub use checkpoint::{read_checkpoint, write_checkpoint};
pub use code::{Code, MAX_DIGITS};
pub use disk_state::resume_file;
pub use files::{cannot_write, values_in_file, AtomicFile};
pub use on_disk::OnDisk;
pub use period::Periodicity;
pub use report::{FirstHeap, Rare, SequenceReport, FIRST_HEAPS_BELOW, MAX_LISTED_P};
pub use rule::Rule;
pub use run::{resume, Resumed, Run, RunEnd};
pub use sequence::{Algorithm, Sequence, MAX_LENGTH, MAX_WORK, SPARSE_FROM};
pub use subtraction_set::{ClosedForm, SubtractionSet, MAX_MEMBERS};
pub(crate) use survey::octal_codes;
#[cfg(feature = "mpi")]
pub(crate) use survey::{group_rows, CodeValues};
pub use survey::{survey_octal, SurveyRow, MAX_SURVEY_DIGITS};
pub use table::{HeapTable, DEFAULT_BUDGET, LIST_LIMIT, MAX_MOVE_WORK};
pub use values::Values;
pub use window::{windowed_run, MIN_WINDOW};
