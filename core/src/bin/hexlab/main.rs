//! `hexlab`: the native command. `hexlab gtp` speaks GTP; `hexlab convert` rewrites a game
//! record; the other subcommands take a position (flags, `--position CODE` or `--sgf FILE`)
//! and print one JSON object with `--json`.
//! Bad input: a message on stderr and exit status 2; output that cannot be written: see
//! [`output`].

mod arena;
mod args;
mod bench;
mod commands;
mod connections;
mod convert;
mod flags;
mod gtp;
mod openings;
mod output;
mod patterns;
mod play;
mod solve;
mod store_cli;

use std::process::ExitCode;

use args::UsageError;
use output::Failure;

const HELP: &str = "\
hexlab: a Hex analysis engine

usage:
  hexlab gtp [--seed N] [--name NAME]      GTP engine on stdin/stdout (HexGui, scripts)
  hexlab position <position> [--json]      print the position
  hexlab analyze <position> [--json]       inferior cell analysis: fill-in, inferior moves, consider set
  hexlab vc <position> [--player b|w] [--from X --to Y] [--json]   virtual connections (H-search)
  hexlab connect <position> [--player b|w] --from X --to Y [--nodes N] [--json]   connection search
  hexlab solve <position> [--all-winning] [--threads N] [--tt-mb M] [--time-limit S] [--nodes N]
               [--no fill-in,inferior,connections,mustplay,resistance,proof-sets,decompositions] [--json]
               [--store FILE]              who wins, proven (focused df-pn); --store: look the
                                           position up first, store the result after
  hexlab openings --size N [--threads N] [--tt-mb M] [--time-limit S] [--store FILE]
                  [--shard K/M] [--json]   every canonical first move solved (no swap),
                                           resumable from the store; share K of M only
  hexlab store merge A.db B.db ... --into C.db [--json]   merge stores (conflicts: exit 2)
  hexlab store dump FILE [--json]          every stored result
  hexlab play <position> [--time S | --games N] [--threads N] [--seed N] [--max-nodes N]
              [--no-rave] [--no-bridges] [--no-knowledge] [--no-solver] [--json]
                                           the player's move (MCTS; 1 s by default)
  hexlab arena --engine CMD [--send GTP].. --engine CMD [--send GTP].. [--games N] [--from K]
               [--size S] [--time T] [--json]
                                           two GTP engines play balanced openings
  hexlab patterns learn FILE.. [--out F] [--min-count N] [--iterations N] [--skip N] [--holdout K]
  hexlab patterns test FILE.. [--gammas F] [--skip N]
                                           the player's pattern weights from games (MM)
  hexlab bench playouts <position> [--count N] [--threads N] [--seed N] [--json]
  hexlab bench ica [--set FILE] [--repeat N] [--json]   analysis over a fixed position set
  hexlab bench vc [--set FILE] [--repeat N] [--only default] [--json]
                                                        H-search over the same set, and updates
  hexlab bench solve --size N [--openings canonical|all|a1,b2] [--threads N] [--no FEATURES] [--json]
                                           the solver over a board's first moves, checked where known
  hexlab bench positions --size N [--count N] [--min-stones N] [--max-stones N] [--seed N]
  hexlab convert FILE --to sgf|golem|code|link|hexworld|trmph [--node N]
                                           write a game record (HexGui or Little Golem SGF)
                                           as HexGui SGF, Little Golem SGF, a code or a link
  hexlab --version | --help

<position> is either
  --size N|WxH [--black a1,c3] [--white b2] [--to-move b|w] [--rules hex|rex] [--swap yes|no]
or
  --position CODE     a hexlab code or share link, a HexWorld or a trmph link
or
  --sgf FILE [--node N]   a game record (HexGui, Little Golem or red-bean SGF) at main-line node N
                          (0 is the root; default the last)
";

fn main() -> ExitCode {
    let args = args::utf8_args(std::env::args_os().skip(1)).map_err(Failure::from);
    match args.and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.exit(),
    }
}

fn run(args: &[String]) -> Result<(), Failure> {
    let Some(command) = args.first() else {
        return output::text(HELP);
    };
    let rest = &args[1..];
    match command.as_str() {
        "--help" | "-h" | "help" => output::text(HELP),
        "--version" | "version" => outln!("hexlab {}", hexlab_core::VERSION),
        "gtp" => commands::gtp(rest),
        "position" => commands::position(rest),
        "analyze" => commands::analyze_command(rest),
        "vc" => connections::vc_command(rest),
        "connect" => connections::connect_command(rest),
        "solve" => solve::solve_command(rest),
        "openings" => openings::openings_command(rest),
        "store" => store_cli::store_command(rest),
        "play" => play::play_command(rest),
        "arena" => arena::arena_command(rest),
        "patterns" => patterns::patterns_command(rest),
        "bench" => bench::bench(rest),
        "convert" => convert::convert(rest),
        other => Err(UsageError(format!(
            "unknown subcommand '{}' (try hexlab --help)",
            hexlab_core::quote::quote(other)
        ))
        .into()),
    }
}
