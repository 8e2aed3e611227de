//! The player's parameters, named as Benzene's `param_mohex` names them where it has the same
//! parameter.

/// What the search does and how long it may run.
///
/// Invariants (kept by the setters of the CLI and GTP): `threads >= 1`, `max_nodes >= 1`,
/// `rave_weight_final > 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Simulations per move (`max_games`).
    pub max_games: u64,
    /// Seconds per move (`max_time`); 0 for no time limit.
    pub max_time: f64,
    /// Threads of the rayon pool (`num_threads`).
    pub num_threads: usize,
    /// RAVE (all-moves-as-first) values beside the mean (`use_rave`).
    pub use_rave: bool,
    /// The RAVE weight's equivalence: with `n` visits and `r` RAVE visits the RAVE value
    /// counts with weight `r / (n + r + n * r / rave_weight_final)` (`rave_weight_final`).
    pub rave_weight_final: f64,
    /// The UCB exploration constant; MoHex plays best with 0 (`uct_bias_constant`).
    pub uct_bias_constant: f64,
    /// Visits before a leaf gets its children (`expand_threshold`).
    pub expand_threshold: u32,
    /// Visits before a node's inferior cells, mustplay and virtual connections are computed
    /// (`knowledge_threshold`); 0 turns knowledge off.
    pub knowledge_threshold: u32,
    /// The knowledge may prove a node won or lost (a winning virtual connection, a fill-in
    /// that completes a chain); without, it only prunes and orders the children, and only
    /// finished games are proven (hexlab's `knowledge_proofs`; a middle level of strength,
    /// see [`super::level`]).
    pub knowledge_proofs: bool,
    /// The full inferior cell analysis (consider set) in a node's knowledge only with at most
    /// this many empty cells; fill-in, virtual connections and the mustplay always (hexlab's
    /// `inferior_max_empty`).
    pub inferior_max_empty: usize,
    /// Keep the subtree of the position reached between moves (`reuse_subtree`).
    pub reuse_subtree: bool,
    /// The most tree nodes (`max_nodes`): past it leaves stay leaves.
    pub max_nodes: usize,
    /// Playouts answer an intrusion into a bridge (hexlab's `bridge_replies`).
    pub bridge_replies: bool,
    /// Playouts start from the board with the fill-in of the deepest node on their path whose
    /// knowledge found some, as MoHex's do (hexlab's `playout_fillin`).
    pub playout_fillin: bool,
    /// When a node's knowledge finds the opponent's replies that restore a connection a move
    /// breaks ([`super::vcm`]), each reply's pattern weight among that move's children gains
    /// `vcm_gamma` times their mean weight (`vcm_gamma`, as MoHex 2.0 names it; 0: off).
    pub vcm_gamma: f64,
    /// A short df-pn solve at the root first when at most this many cells are empty
    /// (hexlab's `solver_max_empty`; 0: never).
    pub solver_max_empty: usize,
    /// The solver's node budget at the root (hexlab's `solver_nodes`).
    pub solver_nodes: u64,
    /// The weight of the patterns' prior in selection: a child's value gains
    /// `progressive_bias * prior / sqrt(visits + 1)` (`progressive_bias`; 0 turns the
    /// patterns off in the tree).
    pub progressive_bias: f64,
    /// The playouts answer the last move by the patterns (hexlab's `playout_local`, the weight of
    /// a move anywhere per empty cell against the local cells' gammas; 0: off).
    pub playout_local: f64,
    /// The move played is drawn among the root's searched moves with weight
    /// `visits^(1 / temperature)` (hexlab's `temperature`; 0: the most visited, as MoHex). The
    /// weaker levels use it.
    pub temperature: f64,
    /// RAVE visits (half of them wins) a new node starts with (hexlab's `rave_prior`).
    pub rave_prior: u32,
    /// Seed of the simulations' random numbers.
    pub seed: u64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            max_games: 100_000_000,
            max_time: 10.0,
            num_threads: 1,
            use_rave: true,
            rave_weight_final: 1000.0,
            uct_bias_constant: 0.0,
            expand_threshold: 3,
            knowledge_threshold: 100,
            knowledge_proofs: true,
            inferior_max_empty: 361,
            reuse_subtree: true,
            max_nodes: 2_000_000,
            bridge_replies: true,
            playout_fillin: false,
            vcm_gamma: 50.0,
            solver_max_empty: 30,
            solver_nodes: 20_000,
            progressive_bias: 2.5,
            rave_prior: 0,
            playout_local: 0.0,
            temperature: 0.0,
            seed: 1,
        }
    }
}
