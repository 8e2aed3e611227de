//! What H-search may do: its rules, switched on and off, and the bounds on its work
//! ([`Limits`]).

/// The most connections of one kind a pair keeps, whatever the limits say (the lists' own
/// bound; a pair reaching it drops its largest carrier, as with a smaller limit).
pub const MAX_PER_PAIR: usize = 32_767;

/// The most carriers the eager OR rule ([`Limits::or_depth`]) tries for one new semi
/// connection: its set cover search is exponential in the depth, so past this it gives up (that
/// connection is then only combined by the OR rule's later pass over the pair).
pub const OR_RULE_BUDGET: u32 = 256;

/// The default [`Limits::max_connections`]: above what the busiest bench position needs (the
/// AND rule through edges stores at most 710,000 connections on the 11x11 and 13x13 sets,
/// counting replaced ones; a busy 19x19 position can reach the bound, in about a second).
pub const MAX_CONNECTIONS: usize = 1_000_000;

/// The search also stops once it has deduced this many times [`Limits::max_connections`]
/// connections, stored or turned away (the bench positions deduce at most 3 per connection
/// stored).
pub const DEDUCED_PER_STORED: usize = 8;

/// Bounds on the search, and which rules it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Full connections kept per pair of points (at most [`MAX_PER_PAIR`]; the default keeps
    /// every one `limit_fulls` admits).
    pub full_per_pair: usize,
    /// Semi connections kept per pair of points (at most [`MAX_PER_PAIR`]; the default keeps
    /// every semi connection whose carrier holds no other's, as Benzene does).
    pub semi_per_pair: usize,
    /// When above 0, a new semi connection is also combined at once with up to this many of
    /// the pair's others (the smallest cover found first), besides the OR rule's later pass
    /// over the pair: a few more connections for about a third more time.
    pub or_depth: usize,
    /// Whether to apply the crossing rule (Henderson 2010, §4.1).
    pub crossing_rule: bool,
    /// Whether to add the edge templates (rows 2 to 6) once the rules have done all they can
    /// from adjacency, and go on from there.
    pub edge_templates: bool,
    /// Whether the AND rule may go through the player's edges. Benzene leaves this off by
    /// default: every point touching an edge would connect to every other one through it, which
    /// costs over ten times the time for a fifth more edge-to-edge semi connections (most
    /// crossing-rule deductions need it; see `hexlab bench vc`).
    pub and_over_edges: bool,
    /// What the player's edges do between the ends of a connection (see [`EdgeRole`]).
    pub edges: EdgeRole,
    /// Whether carriers may overlap on cells captured by a key or an empty endpoint
    /// (Henderson 2010, §4.2; see [`super::captured`]).
    pub captured_sets: bool,
    /// Whether a pair that has full connections takes a new one only when the new one misses a
    /// cell common to all of them or is inside one of them (Benzene's `limit_fulls`): one that
    /// holds every common cell changes neither the mustplay nor what the OR rule can avoid.
    pub limit_fulls: bool,
    /// The most connections the search stores, counting every one stored (also those a
    /// smaller carrier later replaces), and a eighth of the most it deduces (stored or turned
    /// away, [`DEDUCED_PER_STORED`]): once either is reached, it stops deriving and returns what
    /// it has (every connection still sound, only fewer). Bounds the time and memory of a search
    /// whatever the other limits say (with `limit_fulls` off the lists can grow without end).
    pub max_connections: usize,
    /// Whether the connections returned keep the semi connections of the pair of the player's
    /// two edges only (the search itself derives and uses all of them): for callers that read
    /// no other semi connection, as the solver (its nodes read the edge-to-edge connections and
    /// the full ones), which then copies a fraction of the lists.
    pub edge_semis_only: bool,
}

impl Limits {
    /// The default limits with the AND rule going through edges too: more connections, over
    /// ten times slower.
    #[must_use]
    pub fn thorough() -> Limits {
        Limits {
            and_over_edges: true,
            ..Limits::default()
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            full_per_pair: MAX_PER_PAIR,
            semi_per_pair: MAX_PER_PAIR,
            or_depth: 0,
            crossing_rule: true,
            edge_templates: true,
            and_over_edges: false,
            edges: EdgeRole::Ends,
            captured_sets: true,
            limit_fulls: true,
            max_connections: MAX_CONNECTIONS,
            edge_semis_only: false,
        }
    }
}

/// What the player's edges do in H-search between the two ends of a connection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EdgeRole {
    /// An edge only ends a connection and joins nothing along it, so every connection found is
    /// one in README's sense: the player joins its two ends with a chain of stones.
    #[default]
    Ends,
    /// An edge joins what touches it, as a row of the player's stones would (Benzene's model,
    /// where the edges are stones): captured pairs may rely on it (after Black c6 on 7x7, a
    /// White stone on b7 answered at c7 joins nothing that the bottom edge does not). Only the
    /// connections between the player's two edges are then connections in README's sense (a
    /// chain joined to both edges through the edges' rows holds a chain joining them), which is
    /// all a search reads: whether the mover wins now, and the opponent's threats (the mustplay).
    Conducts,
}
