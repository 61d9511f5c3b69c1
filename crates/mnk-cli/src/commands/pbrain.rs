//! `mnk pbrain`: the Gomocup brain of `pbrain-mnk`, on this process's stdin and stdout.

use crate::failure::Failure;
use std::io::Write;

pub fn run(options: &pbrain_mnk::Options, out: &mut dyn Write) -> Result<(), Failure> {
    pbrain_mnk::run(options, out).map_err(Failure::from)
}
