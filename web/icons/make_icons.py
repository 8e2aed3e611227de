#!/usr/bin/env python3
"""Draws hexlab's icons (run once; the PNGs are committed): icon.svg, and icon-192.png, icon-512.png (the same
drawing rasterised here, 4x4 samples a pixel, with zlib only): a 3x3 Hex board, Black's edges (top, bottom) dark,
White's (left, right) light, a Black and a White stone, on the page header's colour. Also maskable (the drawing
keeps to the middle 80%).

    python3 web/icons/make_icons.py
"""

import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
BG = (0x2F, 0x39, 0x42)
CELL = (0xE8, 0xD6, 0xAA)
LINE = (0x8A, 0x75, 0x52)
BLACK = (0x16, 0x16, 0x16)
WHITE = (0xFD, 0xFD, 0xFD)
N = 3
R = 1.0
W = math.sqrt(3) * R


def centre(col, row):
    return ((col + row / 2) * W, row * 1.5 * R)


def hexagon(cx, cy, scale=1.0):
    return [(cx + scale * R * math.cos(math.radians(a)), cy + scale * R * math.sin(math.radians(a))) for a in range(-90, 270, 60)]


def shapes():
    """(kind, polygon or circle, colour) in drawing order, in board units."""
    out = []
    # The edges: a thick band around the rhombus, top and bottom Black's, left and right White's.
    c00, cn0, c0n, cnn = centre(0, 0), centre(N - 1, 0), centre(0, N - 1), centre(N - 1, N - 1)
    d = 1.55 * R
    top = [(c00[0] - W, c00[1] - d), (cn0[0] + W, cn0[1] - d), (cn0[0], cn0[1]), (c00[0], c00[1])]
    bottom = [(c0n[0] - W, c0n[1] + d), (cnn[0] + W, cnn[1] + d), (cnn[0], cnn[1]), (c0n[0], c0n[1])]
    left = [(c00[0] - W, c00[1] - d), (c00[0], c00[1]), (c0n[0], c0n[1]), (c0n[0] - W, c0n[1] + d)]
    right = [(cn0[0] + W, cn0[1] - d), (cn0[0], cn0[1]), (cnn[0], cnn[1]), (cnn[0] + W, cnn[1] + d)]
    out += [("poly", left, WHITE), ("poly", right, WHITE), ("poly", top, BLACK), ("poly", bottom, BLACK)]
    for row in range(N):
        for col in range(N):
            cx, cy = centre(col, row)
            out.append(("poly", hexagon(cx, cy), LINE))
            out.append(("poly", hexagon(cx, cy, 0.9), CELL))
    for (col, row), colour in [((1, 1), BLACK), ((2, 0), WHITE)]:
        cx, cy = centre(col, row)
        out.append(("circle", (cx, cy, 0.66 * R), LINE if colour == WHITE else BLACK))
        out.append(("circle", (cx, cy, 0.58 * R), colour))
    return out


def bounds(items):
    xs, ys = [], []
    for kind, shape, _ in items:
        pts = shape if kind == "poly" else [(shape[0] - shape[2], shape[1] - shape[2]), (shape[0] + shape[2], shape[1] + shape[2])]
        xs += [p[0] for p in pts]
        ys += [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def inside(kind, shape, x, y):
    if kind == "circle":
        return (x - shape[0]) ** 2 + (y - shape[1]) ** 2 <= shape[2] ** 2
    sign = 0
    for (x0, y0), (x1, y1) in zip(shape, shape[1:] + shape[:1]):
        cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
        if cross != 0:
            s = 1 if cross > 0 else -1
            if sign and s != sign:
                return False
            sign = s
    return True


def transform(items, size):
    x0, y0, x1, y1 = bounds(items)
    scale = 0.8 * size / max(x1 - x0, y1 - y0)
    ox = (size - scale * (x1 - x0)) / 2 - scale * x0
    oy = (size - scale * (y1 - y0)) / 2 - scale * y0
    return scale, ox, oy


def png(size):
    items = shapes()
    scale, ox, oy = transform(items, size)
    placed = []
    for kind, shape, colour in items:
        if kind == "poly":
            placed.append((kind, [(ox + scale * x, oy + scale * y) for x, y in shape], colour))
        else:
            placed.append((kind, (ox + scale * shape[0], oy + scale * shape[1], scale * shape[2]), colour))
    rows = []
    k = 4
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(k):
                for sx in range(k):
                    x, y = px + (sx + 0.5) / k, py + (sy + 0.5) / k
                    colour = BG
                    for kind, shape, c in placed:
                        if inside(kind, shape, x, y):
                            colour = c
                    for i in range(3):
                        acc[i] += colour[i]
            row += bytes(round(v / (k * k)) for v in acc)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def svg():
    items = shapes()
    size = 512
    scale, ox, oy = transform(items, size)
    hexrgb = lambda c: "#%02x%02x%02x" % c  # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}"><rect width="{size}" height="{size}" rx="64" fill="{hexrgb(BG)}"/>']
    for kind, shape, colour in items:
        if kind == "poly":
            pts = " ".join(f"{ox + scale * x:.1f},{oy + scale * y:.1f}" for x, y in shape)
            parts.append(f'<polygon points="{pts}" fill="{hexrgb(colour)}"/>')
        else:
            parts.append(f'<circle cx="{ox + scale * shape[0]:.1f}" cy="{oy + scale * shape[1]:.1f}" r="{scale * shape[2]:.1f}" fill="{hexrgb(colour)}"/>')
    parts.append("</svg>\n")
    return "".join(parts)


if __name__ == "__main__":
    with open(os.path.join(HERE, "icon.svg"), "w") as f:
        f.write(svg())
    for size in (192, 512):
        with open(os.path.join(HERE, f"icon-{size}.png"), "wb") as f:
            f.write(png(size))
