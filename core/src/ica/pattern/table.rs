//! The pattern tables as text: one file per kind, a section per class, each pattern as an
//! ASCII picture (comment lines) followed by one machine line.
//!
//! A machine line reads `<kind> <class> <id> key=value ...`:
//! - `b=` and `w=`: Black and White stones as `dc,dr` offsets from the centre, joined by `;`
//!   (columns to the right and rows down, as on the board);
//! - `set=`: for `captured`, the captured set (the centre included);
//! - `for=`: for `captured`, the capturing colour (`b` or `w`);
//! - `mover=`: for `vulnerable` and `dominated`, the player the claim is about;
//! - `killer=` / `by=`: for `vulnerable` / `dominated`, the role cell (empty on the board);
//! - `fill=`: for `dominated`, `dead` or the captured set the centre falls into.
//!
//! Pictures draw rows shifted like the board (`hexlab position`): `*` is the centre, `B`/`W`
//! stones, `+` the rest of a captured set, `k` a killer, `d` a dominator, `.` a cell that may
//! hold anything. A row of `-` above is the top edge (Black's); `\` beside the rows is a side
//! edge (White's). The parser reads only machine lines; lines starting with `#` are comments.

use std::fmt;

use crate::board::Color;

use super::geometry::{Class, Offset, Shape};
use super::local::bits;

/// The four kinds of pattern.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// The centre is dead.
    Dead,
    /// The centre belongs to a set captured by `color`.
    Captured,
    /// The centre is vulnerable for `color` (the mover): the opponent's move at the killer
    /// kills it.
    Vulnerable,
    /// The centre is dominated for `color` (the mover) by the role cell: after the mover plays
    /// there the centre is the mover's fill-in.
    Dominated,
}

impl Kind {
    /// All kinds, in table order.
    pub const ALL: [Kind; 4] = [
        Kind::Dead,
        Kind::Captured,
        Kind::Vulnerable,
        Kind::Dominated,
    ];

    /// The word used in machine lines and file names.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Kind::Dead => "dead",
            Kind::Captured => "captured",
            Kind::Vulnerable => "vulnerable",
            Kind::Dominated => "dominated",
        }
    }

    fn from_word(word: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.word() == word)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One pattern of a table. Masks are over the cells of its class (cell 0 is the centre).
///
/// Invariant: stones, roles and fill are disjoint from each other except that `fill` holds the
/// centre; the centre is never a stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub kind: Kind,
    /// The class name, like `r2-interior`.
    pub class: String,
    /// Number within its kind and class, from 1.
    pub id: u32,
    pub black: u32,
    pub white: u32,
    /// The killer (vulnerable) or dominator (dominated) cell; empty otherwise.
    pub roles: u32,
    /// Captured: the set (centre included). Dominated: the captured set the centre falls into
    /// after the dominating move, or 0 when it dies.
    pub fill: u32,
    /// Captured: the capturer. Vulnerable, dominated: the player to move.
    pub color: Option<Color>,
}

impl Pattern {
    /// The pattern's name, like `dead/r2-interior/7`.
    #[must_use]
    pub fn name(&self) -> String {
        format!("{}/{}/{}", self.kind, self.class, self.id)
    }

    /// The cells the pattern requires empty besides the centre.
    #[must_use]
    pub fn empty_cells(&self) -> u32 {
        (self.roles | self.fill) & !1
    }

    /// The machine line.
    #[must_use]
    pub fn machine_line(&self, class: &Class) -> String {
        let cells = |mask: u32| -> String {
            bits(mask)
                .map(|i| class.cells[i].to_string())
                .collect::<Vec<_>>()
                .join(";")
        };
        let mut line = format!("{} {} {}", self.kind, self.class, self.id);
        let letter = |c: Option<Color>| c.map_or('?', Color::letter);
        match self.kind {
            Kind::Dead => {}
            Kind::Captured => {
                line += &format!(" for={} set={}", letter(self.color), cells(self.fill));
            }
            Kind::Vulnerable => {
                line += &format!(" mover={} killer={}", letter(self.color), cells(self.roles));
            }
            Kind::Dominated => {
                let fill = if self.fill == 0 {
                    "dead".to_string()
                } else {
                    cells(self.fill)
                };
                line += &format!(
                    " mover={} by={} fill={fill}",
                    letter(self.color),
                    cells(self.roles)
                );
            }
        }
        line + &format!(" b={} w={}", cells(self.black), cells(self.white))
    }

    /// The picture, one string per line (without the comment marks).
    #[must_use]
    pub fn picture(&self, class: &Class) -> Vec<String> {
        let symbol = |i: usize| -> char {
            let bit = 1u32 << i;
            if i == 0 {
                '*'
            } else if self.black & bit != 0 {
                'B'
            } else if self.white & bit != 0 {
                'W'
            } else if self.roles & bit != 0 {
                match self.kind {
                    Kind::Vulnerable => 'k',
                    _ => 'd',
                }
            } else if self.fill & bit != 0 {
                '+'
            } else {
                '.'
            }
        };
        draw(class, symbol)
    }
}

/// Draws the frame of `class` with one character per cell.
fn draw(class: &Class, symbol: impl Fn(usize) -> char) -> Vec<String> {
    let col = |o: Offset| (2 * o.dc + o.dr) as i32;
    let (side_left, side_right) = match class.shape {
        Shape::Acute { .. } => (true, false),
        Shape::Obtuse { .. } => (false, true),
        _ => (false, false),
    };
    let min_col = class.cells.iter().map(|&o| col(o)).min().unwrap_or(0) - 2;
    let rows: Vec<i8> = {
        let mut r: Vec<i8> = class.cells.iter().map(|o| o.dr).collect();
        r.sort_unstable();
        r.dedup();
        r
    };
    let mut out = Vec::new();
    if matches!(
        class.shape,
        Shape::Edge { .. } | Shape::Acute { .. } | Shape::Obtuse { .. }
    ) {
        let first = rows[0];
        let in_row: Vec<i32> = class
            .cells
            .iter()
            .filter(|o| o.dr == first)
            .map(|&o| col(o))
            .collect();
        let from = in_row.iter().min().copied().unwrap_or(0) - 1;
        let to = in_row.iter().max().copied().unwrap_or(0) + 1;
        let mut line = " ".repeat((from - min_col) as usize);
        line += &"-".repeat((to - from + 1) as usize);
        out.push(line);
    }
    for &dr in &rows {
        let mut chars: Vec<char> = Vec::new();
        let mut put = |c: i32, ch: char| {
            let at = (c - min_col) as usize;
            if chars.len() <= at {
                chars.resize(at + 1, ' ');
            }
            chars[at] = ch;
        };
        let mut row_cols: Vec<i32> = Vec::new();
        for (i, &o) in class.cells.iter().enumerate() {
            if o.dr == dr {
                put(col(o), symbol(i));
                row_cols.push(col(o));
            }
        }
        if side_left {
            put(row_cols.iter().min().copied().unwrap_or(0) - 2, '\\');
        }
        if side_right {
            put(row_cols.iter().max().copied().unwrap_or(0) + 2, '\\');
        }
        out.push(chars.into_iter().collect::<String>().trim_end().to_string());
    }
    out
}

/// What a section header says about a class.
fn describe(class: &Class) -> String {
    let place = match class.shape {
        Shape::Interior => format!(
            "no edge within distance {} of the centre (an edge further out counts as unknown)",
            class.radius
        ),
        Shape::Edge { top } => format!(
            "the centre on row {} from Black's top edge; matched at every edge (the left and \
             right edges with colours exchanged)",
            top + 1
        ),
        Shape::Acute { side, top } => format!(
            "acute corner: White's left edge {} and Black's top edge {} columns/rows from the \
             centre (1 = touching); matched at both acute corners",
            side + 1,
            top + 1
        ),
        Shape::Obtuse { side, top } => format!(
            "obtuse corner: White's right edge {} and Black's top edge {} columns/rows from \
             the centre (1 = touching); matched at both obtuse corners",
            side + 1,
            top + 1
        ),
    };
    let group = if class.group.len() == 1 {
        "no other symmetry".to_string()
    } else if class.group.len() == 24 {
        "each pattern stands for its 12 rotations and reflections, with either colouring"
            .to_string()
    } else if class.has_swap() {
        "each pattern stands for its reflection in the corner's diagonal with colours \
         exchanged"
            .to_string()
    } else {
        "each pattern stands for its mirror image".to_string()
    };
    format!(
        "radius {}, {} cells; {place}; {group}",
        class.radius,
        class.len()
    )
}

/// The text of one class's section of a table.
#[must_use]
pub fn section(kind: Kind, class: &Class, patterns: &[Pattern]) -> String {
    let mut out = format!(
        "## {} {}: {} patterns\n# {}\n",
        kind,
        class.name,
        patterns.len(),
        describe(class)
    );
    for p in patterns {
        out.push('\n');
        for line in p.picture(class) {
            out.push_str(&format!("#   {line}\n").replace("   \n", "\n"));
        }
        out.push_str(&p.machine_line(class));
        out.push('\n');
    }
    out.push('\n');
    out
}

/// The header of a table file.
#[must_use]
pub fn header(kind: Kind) -> String {
    let what = match kind {
        Kind::Dead => {
            "dead cells: whatever the rest of the board holds, the centre (*) may take either \
             colour without changing the winner"
        }
        Kind::Captured => {
            "captured sets: the capturer (for=) may fill the centre (*) and the cells marked + \
             without changing the winner: if the opponent plays in the set, the capturer \
             answers in it and every intruding stone is dead"
        }
        Kind::Vulnerable => {
            "vulnerable cells: if the mover's opponent plays the killer (k), the centre (*) is \
             dead, so the mover never needs to play the centre, and the killer is at least as \
             good a move"
        }
        Kind::Dominated => {
            "dominated cells: after the mover plays d, the centre (*) is the mover's fill-in \
             (dead, or in a captured set), so d is at least as good a move as the centre"
        }
    };
    format!(
        "# hexlab local patterns: {what}.\n\
         #\n\
         # Generated by `hexlab-patterns generate` from the local dead test (no hand-typed\n\
         # patterns); `hexlab-patterns check` regenerates part of it. Every pattern is minimal:\n\
         # removing any stone breaks it. Stones are requirements; `.` cells may hold anything.\n\
         # Picture: rows shifted like the board, B/W stones, * centre, + captured set, k killer,\n\
         # d dominator, ---- the top edge (Black's), \\ a side edge (White's).\n\
         # Machine line: <kind> <class> <id> [for=|mover=] [set=|killer=|by=] [fill=] b=.. w=..\n\
         # with cells as dc,dr offsets from the centre (columns right, rows down).\n\n"
    )
}

/// The whole text of a table file: the header, then one section per class in order.
#[must_use]
pub fn file(kind: Kind, parts: &[(&Class, &[Pattern])]) -> String {
    let mut out = header(kind);
    for (class, patterns) in parts {
        out += &section(kind, class, patterns);
    }
    out
}

/// The section of `class` in a table file's text, as [`section`] wrote it.
#[must_use]
pub fn find_section<'a>(text: &'a str, kind: Kind, class: &str) -> Option<&'a str> {
    let start = text.find(&format!("## {kind} {class}: "))?;
    let rest = &text[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 4);
    Some(&rest[..end])
}

/// A line of a table that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// Line number from 1.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pattern table line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TableError {}

/// Reads the machine lines of a table, checking every cell against its class.
pub fn parse(text: &str, classes: &[Class]) -> Result<Vec<Pattern>, TableError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(parse_line(line, classes).map_err(|message| TableError {
            line: n + 1,
            message,
        })?);
    }
    Ok(out)
}

fn parse_line(line: &str, classes: &[Class]) -> Result<Pattern, String> {
    let mut words = line.split_whitespace();
    let kind_word = words.next().unwrap_or_default();
    let kind = Kind::from_word(kind_word).ok_or_else(|| format!("unknown kind '{kind_word}'"))?;
    let class_name = words.next().ok_or("missing class")?;
    let class = classes
        .iter()
        .find(|c| c.name == class_name)
        .ok_or_else(|| format!("unknown class '{class_name}'"))?;
    let id_word = words.next().ok_or("missing id")?;
    let id = id_word.parse().map_err(|_| format!("bad id '{id_word}'"))?;
    let mut p = Pattern {
        kind,
        class: class.name.clone(),
        id,
        black: 0,
        white: 0,
        roles: 0,
        fill: 0,
        color: None,
    };
    let cells = |text: &str| -> Result<u32, String> {
        let mut mask = 0;
        for item in text.split(';').filter(|s| !s.is_empty()) {
            let (c, r) = item
                .split_once(',')
                .ok_or_else(|| format!("bad cell '{item}'"))?;
            let o = Offset::new(
                c.parse().map_err(|_| format!("bad cell '{item}'"))?,
                r.parse().map_err(|_| format!("bad cell '{item}'"))?,
            );
            let i = class
                .index_of(o)
                .ok_or_else(|| format!("cell {o} is not in class {}", class.name))?;
            mask |= 1 << i;
        }
        Ok(mask)
    };
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("expected key=value, got '{word}'"))?;
        match key {
            "b" => p.black = cells(value)?,
            "w" => p.white = cells(value)?,
            "set" => p.fill = cells(value)?,
            "killer" | "by" => p.roles = cells(value)?,
            "fill" if value == "dead" => p.fill = 0,
            "fill" => p.fill = cells(value)?,
            "for" | "mover" => {
                p.color = Some(Color::parse(value).ok_or_else(|| format!("bad colour '{value}'"))?);
            }
            _ => return Err(format!("unknown key '{key}'")),
        }
    }
    let stones = p.black | p.white;
    if p.black & p.white != 0 || stones & 1 != 0 || stones & (p.roles | p.fill) != 0 {
        return Err("overlapping cells".into());
    }
    let needs_color = kind != Kind::Dead;
    if needs_color != p.color.is_some() {
        return Err("colour missing or not expected".into());
    }
    match kind {
        Kind::Captured if p.fill & 1 == 0 || p.fill.count_ones() < 2 => {
            Err("a captured set holds the centre and another cell".into())
        }
        Kind::Vulnerable | Kind::Dominated if p.roles.count_ones() != 1 || p.roles & 1 != 0 => {
            Err("exactly one role cell, not the centre".into())
        }
        Kind::Dominated if p.fill != 0 && (p.fill & 1 == 0 || p.fill & p.roles != 0) => {
            Err("the fill set holds the centre, not the dominator".into())
        }
        _ => Ok(p),
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::all_classes;
    use super::*;

    #[test]
    fn machine_lines_round_trip() {
        let classes = all_classes();
        let class = &classes[4];
        assert_eq!(class.name, "r2-interior");
        let p = Pattern {
            kind: Kind::Dominated,
            class: class.name.clone(),
            id: 3,
            black: 0b110,
            white: 1 << 9,
            roles: 1 << 12,
            fill: 1 | 1 << 3,
            color: Some(Color::White),
        };
        let text = section(Kind::Dominated, class, std::slice::from_ref(&p));
        assert_eq!(parse(&text, &classes).unwrap(), vec![p]);
    }

    #[test]
    fn pictures_are_hexagons() {
        let classes = all_classes();
        let p = Pattern {
            kind: Kind::Dead,
            class: "r2-interior".into(),
            id: 1,
            black: 1 << classes[4].index_of(Offset::new(1, 0)).unwrap(),
            white: 0,
            roles: 0,
            fill: 0,
            color: None,
        };
        assert_eq!(
            p.picture(&classes[4]),
            [
                "    . . .",
                "   . . . .",
                "  . . * B .",
                "   . . . .",
                "    . . ."
            ]
        );
        let edge = &classes[5];
        let q = Pattern {
            class: edge.name.clone(),
            black: 0,
            ..p
        };
        assert_eq!(
            q.picture(edge),
            [" -----------", "  . . * . .", "   . . . .", "    . . ."]
        );
        let acute = classes.iter().find(|c| c.name == "r2-acute10").unwrap();
        let r = Pattern {
            class: acute.name.clone(),
            ..q
        };
        assert_eq!(
            r.picture(acute),
            [" ---------", "\\ . * . .", " \\ . . .", "  \\ . ."]
        );
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let classes = all_classes();
        let err = parse("# comment\ndead r2-interior 1 b=9,9 w=\n", &classes).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("not in class"), "{err}");
        assert!(parse("dead nowhere 1 b= w=", &classes).is_err());
        assert!(parse("captured r1-edge0 1 for=b set=0,0 b= w=", &classes).is_err());
    }
}
