//! Shared helpers for the integration tests.
#![allow(dead_code)]

pub mod brute;
pub mod cancel;
pub mod games;
pub mod gtp;
pub mod hexgui;
pub mod temp;
