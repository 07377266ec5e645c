//! The epsilon policy layer. Placeholder: being written.
