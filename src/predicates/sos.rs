//! Symbolic perturbation (Simulation of Simplicity). Placeholder: being written.
