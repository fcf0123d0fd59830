"""Area templates: circle, cone and beam on the grid (D-8, E-AREA-*, E-OPEN-26)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.templates import (
    EPSILON,
    AreaShape,
    beam_cells,
    beam_mask,
    cells_to_mask,
    circle_cells,
    circle_mask,
    cone_cells,
    cone_mask,
    template_cells,
    template_mask,
)

# ---------------------------------------------------------------- slow exact reference
# Sutherland-Hodgman clipping of a field's square against the half-planes of the
# beam rectangle or the cone's wedge, then an area check; the cone's arc is handled
# by the distance from the apex to the clipped polygon. Independent of the module's
# separating-axis and slab code. Cases within a tolerance band of a tie are reported
# as undecided and skipped, since either answer is right up to float noise.

Point = tuple[float, float]
IN, OUT, TIE = "in", "out", "tie"
BAND = 1e-7  # undecided band of distances, well above EPSILON and float noise
THICK, THIN = 1e-6, 1e-12  # slivers between these thicknesses are undecided


def _square(i: int, j: int) -> list[Point]:
    return [(i - 0.5, j - 0.5), (i + 0.5, j - 0.5), (i + 0.5, j + 0.5), (i - 0.5, j + 0.5)]


def _clip(poly: list[Point], a: float, b: float, c: float) -> list[Point]:
    """Keep the part of ``poly`` where a*x + b*y <= c."""
    out: list[Point] = []
    for k, p in enumerate(poly):
        q = poly[(k + 1) % len(poly)]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _area(poly: list[Point]) -> float:
    if len(poly) < 3:
        return 0.0
    # Relative to the first vertex, so a sliver's tiny area is not lost to cancellation.
    x0, y0 = poly[0]
    total = 0.0
    for k, p in enumerate(poly):
        q = poly[(k + 1) % len(poly)]
        total += (p[0] - x0) * (q[1] - y0) - (q[0] - x0) * (p[1] - y0)
    return abs(total) / 2


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def _inside(p: Point, poly: list[Point]) -> bool:
    signs = []
    for k, a in enumerate(poly):
        b = poly[(k + 1) % len(poly)]
        signs.append((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]))
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


def _distance_to_polygon(p: Point, poly: list[Point]) -> float:
    if _inside(p, poly):
        return 0.0
    return min(_segment_distance(p, a, poly[(k + 1) % len(poly)]) for k, a in enumerate(poly))


def _thickness(poly: list[Point]) -> float:
    """Return 2 * area / diameter: about the width of the thinnest part of a sliver."""
    diameter = max(
        (math.dist(p, q) for k, p in enumerate(poly) for q in poly[k + 1 :]), default=0.0
    )
    return 0.0 if diameter == 0.0 else 2 * _area(poly) / diameter


def _verdict_overlap(poly: list[Point]) -> str:
    """Decide positive-area overlap; a sliver within the band of a tie stays undecided."""
    thickness = _thickness(poly)
    if thickness > THICK:
        return IN
    return OUT if thickness < THIN else TIE


def _ref_beam(i: int, j: int, angle: float, length: float) -> str:
    if (i, j) == (0, 0):
        return OUT
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    nx, ny = -uy, ux
    poly = _square(i, j)
    for a, b, c in ((-ux, -uy, 0.0), (ux, uy, length), (nx, ny, 0.5), (-nx, -ny, 0.5)):
        poly = _clip(poly, a, b, c)
    return _verdict_overlap(poly)


def _ref_cone(i: int, j: int, angle: float, length: float) -> str:
    if (i, j) == (0, 0):
        return OUT
    poly = _square(i, j)
    for edge in (angle + 45, angle - 45):
        # Keep the side of each straight edge that faces the cone's axis.
        ex, ey = math.cos(math.radians(edge)), math.sin(math.radians(edge))
        nx, ny = -ey, ex
        if nx * math.cos(math.radians(angle)) + ny * math.sin(math.radians(angle)) < 0:
            nx, ny = -nx, -ny
        poly = _clip(poly, -nx, -ny, 0.0)
    overlap = _verdict_overlap(poly)
    if overlap != IN:
        return overlap
    nearest = _distance_to_polygon((0.0, 0.0), poly)
    if nearest < length - BAND:
        return IN
    return OUT if nearest > length - EPSILON / 10 else TIE


def _ref_circle(i: int, j: int, radius: float) -> str:
    nearest = _distance_to_polygon((0.0, 0.0), _square(i, j))
    if nearest < radius - BAND:
        return IN
    return OUT if nearest > radius - EPSILON / 10 else TIE


def _compare(got: set[tuple[int, int]], reference, length: float) -> None:
    reach = math.ceil(length) + 2
    for i in range(-reach, reach + 1):
        for j in range(-reach, reach + 1):
            verdict = reference(i, j)
            if verdict == IN:
                assert (i, j) in got, (i, j)
            elif verdict == OUT:
                assert (i, j) not in got, (i, j)
    assert all(abs(i) <= reach and abs(j) <= reach for i, j in got)


angles = st.one_of(
    st.sampled_from([k * 22.5 for k in range(-16, 33)]),
    st.floats(min_value=-720, max_value=720, allow_nan=False),
)
lengths = st.one_of(
    st.integers(min_value=0, max_value=8),
    st.sampled_from([k / 2 for k in range(17)]),
    st.floats(min_value=0, max_value=8, allow_nan=False),
)


# ---------------------------------------------------------------- worked checks
@pytest.mark.rule("E-AREA-ROUND", "E-OPEN-26", "D-8")
@pytest.mark.parametrize(("radius", "count"), [(1, 9), (2, 21), (3, 45)])
def test_circle_worked_counts(radius: int, count: int) -> None:
    """E-OPEN-26's worked check: Rund r=1 -> 9 fields, r=2 -> 21, r=3 -> 45."""
    assert len(circle_cells((0, 0), radius)) == count


@pytest.mark.rule("E-AREA-ROUND", "D-8")
def test_circle_radius_one_is_the_3x3_block() -> None:
    assert circle_cells((4, 7), 1) == {(4 + dx, 7 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


@pytest.mark.rule("E-AREA-ROUND", "D-8")
def test_circle_radius_two_drops_the_corners() -> None:
    block = {(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)}
    assert circle_cells((0, 0), 2) == block - {(2, 2), (2, -2), (-2, 2), (-2, -2)}


@pytest.mark.rule("E-AREA-ROUND", "E-AREA-GRID-3", "D-8")
def test_circle_touching_at_an_edge_does_not_count() -> None:
    """Radius 1/2 fills exactly the centre field; its neighbours touch along an edge only."""
    assert circle_cells((0, 0), 0.5) == {(0, 0)}
    assert circle_cells((0, 0), 0.5 + 1e-6) == {(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)}
    # Radius 1.5 touches (2, 0) at a single point of its edge: not affected.
    assert (2, 0) not in circle_cells((0, 0), 1.5)
    assert (2, 0) in circle_cells((0, 0), 1.5 + 1e-6)


@pytest.mark.rule("E-AREA-ROUND", "D-8")
def test_circle_radius_zero_covers_nothing() -> None:
    """Decision: a radius-0 circle is a point without area, so it affects no field (D-8)."""
    assert circle_cells((3, 3), 0) == set()


@pytest.mark.rule("E-AREA-CONE", "E-OPEN-26", "D-8")
def test_cone_length_one_east_is_the_column_in_front() -> None:
    """E-OPEN-26: a Kegel of length 1 pointing east covers exactly the 3 fields in front."""
    assert cone_cells((0, 0), 0, 1) == {(1, -1), (1, 0), (1, 1)}
    assert cone_cells((10, 5), 0, 1) == {(11, 4), (11, 5), (11, 6)}


@pytest.mark.rule("E-AREA-CONE", "E-AREA-GRID-3", "D-8")
def test_cone_edge_through_corners_touches_only() -> None:
    """A 45° cone edge runs exactly through field corners: those fields are not affected.

    Pointing east, the upper edge is the line y = -x; field (k, -(k+1)) touches it at
    its corner (k + 1/2, -(k + 1/2)) only, field (k, -k) overlaps it with area.
    """
    cone = cone_cells((0, 0), 0, 10)
    for k in range(1, 7):
        assert (k, k) in cone and (k, -k) in cone
        assert (k, k + 1) not in cone and (k, -(k + 1)) not in cone
    # The two fields beside the emitter touch the cone at a corner only (E-OPEN-26).
    assert (0, 1) not in cone_cells((0, 0), 0, 1) and (0, -1) not in cone_cells((0, 0), 0, 1)


@pytest.mark.rule("E-AREA-CONE", "E-OPEN-26")
def test_cone_is_ninety_degrees_wide() -> None:
    """The cone spans ±45° round its axis: a field on the axis at ±50° is outside."""
    cone = cone_cells((0, 0), 0, 8)
    assert (6, 0) in cone and (5, 5) in cone
    # (3, 5) lies at about 59° off the axis: outside the ±45° span.
    assert (3, 5) not in cone and (3, -5) not in cone
    assert all(x > 0 for x, _ in cone)


@pytest.mark.rule("E-AREA-CONE", "E-AREA-GRID-1")
def test_cone_length_is_its_radius() -> None:
    """The length is measured from the origin's centre to the rim (E-AREA-GRID-1)."""
    cone = cone_cells((0, 0), 0, 3)
    assert (3, 0) in cone and (4, 0) not in cone
    # (3, 2): nearest point (2.5, 1.5) lies at 2.92 < 3; (3, 3): (2.5, 2.5) at 3.54 > 3.
    assert (3, 2) in cone and (3, 3) not in cone


@pytest.mark.rule("E-AREA-BEAM", "E-OPEN-26", "D-8")
def test_beam_length_three_east() -> None:
    """E-OPEN-26: a Strahl of length 3 pointing east covers 3 fields, not 11."""
    assert beam_cells((0, 0), 0, 3) == {(1, 0), (2, 0), (3, 0)}
    assert beam_cells((2, 2), 180, 3) == {(1, 2), (0, 2), (-1, 2)}
    assert beam_cells((0, 0), 90, 3) == {(0, 1), (0, 2), (0, 3)}
    assert beam_cells((0, 0), 270, 2) == {(0, -1), (0, -2)}


@pytest.mark.rule("E-AREA-BEAM", "E-AREA-GRID-1", "E-AREA-GRID-3")
def test_beam_end_touching_a_field_edge_does_not_count() -> None:
    """The beam ends at ``length`` from the origin's centre (E-AREA-GRID-1)."""
    assert beam_cells((0, 0), 0, 3.5) == {(1, 0), (2, 0), (3, 0)}
    assert beam_cells((0, 0), 0, 3.6) == {(1, 0), (2, 0), (3, 0), (4, 0)}
    assert beam_cells((0, 0), 0, 0.5) == set()
    assert beam_cells((0, 0), 0, 0.75) == {(1, 0)}


@pytest.mark.rule("E-AREA-BEAM", "D-8")
def test_diagonal_beam_is_one_field_wide() -> None:
    """A beam along the diagonal: worked by hand with the separating-axis test."""
    assert beam_cells((0, 0), 45, 2) == {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)}
    # Its rectangle is 1 field wide: nothing two fields beside the axis.
    assert not {(2, 0), (0, 2), (-1, 0), (0, -1)} & beam_cells((0, 0), 45, 2)


@pytest.mark.rule("E-AREA-BEAM", "E-AREA-CONE", "D-8")
@pytest.mark.parametrize("shape", [beam_cells, cone_cells])
def test_zero_length_covers_nothing(shape) -> None:
    assert shape((1, 1), 30, 0) == set()


@pytest.mark.rule("E-AREA-GRID-1")
@pytest.mark.parametrize("shape", [AreaShape.ROUND, AreaShape.CONE, AreaShape.BEAM])
@pytest.mark.parametrize("bad", [-1, -0.001, math.inf, math.nan, 1e6])
def test_bad_lengths_are_refused(shape: AreaShape, bad: float) -> None:
    with pytest.raises(ValueError):
        template_cells(shape, (0, 0), 0, bad)


@pytest.mark.rule("E-OPEN-26", "D-8")
def test_angles_must_be_finite() -> None:
    with pytest.raises(ValueError):
        cone_cells((0, 0), math.nan, 3)


@pytest.mark.rule("E-AREA-1")
def test_three_area_shapes() -> None:
    """Flächenschaden has exactly three shapes: Strahl, Kegel, Rund (E-AREA-1)."""
    assert {shape.name for shape in AreaShape} == {"BEAM", "CONE", "ROUND"}


@pytest.mark.rule("E-AREA-GRID-2")
def test_template_cells_draws_the_named_shape() -> None:
    """The template is drawn by its shape (E-AREA-GRID-2); a circle ignores the angle."""
    assert template_cells(AreaShape.BEAM, (3, 4), 20, 5) == beam_cells((3, 4), 20, 5)
    assert template_cells(AreaShape.CONE, (3, 4), 20, 5) == cone_cells((3, 4), 20, 5)
    assert template_cells(AreaShape.ROUND, (3, 4), 20, 5) == circle_cells((3, 4), 5)


@pytest.mark.rule("E-OPEN-26", "D-8")
def test_any_direction_is_allowed() -> None:
    """Strahl and Kegel may point in any direction, not just the 8 grid ones (E-OPEN-26)."""
    beam = beam_cells((0, 0), 30, 6)
    assert (5, 3) in beam and (5, 0) not in beam
    assert beam != beam_cells((0, 0), 0, 6) and beam != beam_cells((0, 0), 45, 6)


# ---------------------------------------------------------------- against the reference
@pytest.mark.rule("E-AREA-BEAM", "E-AREA-GRID-3", "D-8")
@settings(max_examples=150, deadline=None)
@given(angle=angles, length=lengths)
def test_beam_matches_exact_reference(angle: float, length: float) -> None:
    got = beam_cells((0, 0), angle, length)
    _compare(got, lambda i, j: _ref_beam(i, j, angle, length), length)


@pytest.mark.rule("E-AREA-CONE", "E-AREA-GRID-3", "D-8")
@settings(max_examples=150, deadline=None)
@given(angle=angles, length=lengths)
def test_cone_matches_exact_reference(angle: float, length: float) -> None:
    got = cone_cells((0, 0), angle, length)
    _compare(got, lambda i, j: _ref_cone(i, j, angle, length), length)


@pytest.mark.rule("E-AREA-ROUND", "E-AREA-GRID-3", "D-8")
@settings(max_examples=100, deadline=None)
@given(radius=lengths)
def test_circle_matches_exact_reference(radius: float) -> None:
    got = circle_cells((0, 0), radius)
    _compare(got, lambda i, j: _ref_circle(i, j, radius), radius)


@pytest.mark.rule("E-AREA-CONE", "E-AREA-BEAM", "E-OPEN-26")
@pytest.mark.parametrize("angle", [0, 45, 90, 135, 180, 225, 270, 315, 10, 22.5, 67.5, 200])
@pytest.mark.parametrize("length", [1, 2, 3, 5, 7.5])
def test_grid_and_odd_directions_match_reference(angle: float, length: float) -> None:
    """The ties that random angles miss: the 8 grid directions and 22.5° steps."""
    _compare(cone_cells((0, 0), angle, length), lambda i, j: _ref_cone(i, j, angle, length), length)
    _compare(beam_cells((0, 0), angle, length), lambda i, j: _ref_beam(i, j, angle, length), length)


# ---------------------------------------------------------------- properties
origins = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@pytest.mark.rule("E-AREA-GRID-1", "D-8")
@settings(max_examples=150, deadline=None)
@given(
    shape=st.sampled_from(list(AreaShape)),
    origin=origins,
    angle=angles,
    short=lengths,
    extra=st.floats(min_value=0, max_value=4, allow_nan=False),
)
def test_longer_templates_cover_more(
    shape: AreaShape, origin: tuple[int, int], angle: float, short: float, extra: float
) -> None:
    assert template_cells(shape, origin, angle, short) <= template_cells(
        shape, origin, angle, short + extra
    )


@pytest.mark.rule("D-8", "E-OPEN-26")
@settings(max_examples=150, deadline=None)
@given(shape=st.sampled_from([AreaShape.BEAM, AreaShape.CONE]), origin=origins, angle=angles)
def test_origin_never_in_cone_or_beam(shape: AreaShape, origin: tuple[int, int], angle: float):
    for length in (0.3, 1, 2.5, 8):
        assert origin not in template_cells(shape, origin, angle, length)


@pytest.mark.rule("E-AREA-ROUND", "D-8")
@settings(max_examples=100, deadline=None)
@given(center=origins, radius=lengths)
def test_circle_symmetric_under_quarter_turns(center: tuple[int, int], radius: float) -> None:
    cx, cy = center
    cells = {(x - cx, y - cy) for x, y in circle_cells(center, radius)}
    assert {(-y, x) for x, y in cells} == cells
    assert {(x, -y) for x, y in cells} == cells


@pytest.mark.rule("E-AREA-CONE", "E-AREA-BEAM", "D-8")
@settings(max_examples=100, deadline=None)
@given(
    shape=st.sampled_from([AreaShape.BEAM, AreaShape.CONE]),
    angle=st.floats(min_value=-360, max_value=360, allow_nan=False),
    length=lengths,
)
def test_full_turn_changes_nothing(shape: AreaShape, angle: float, length: float) -> None:
    assert template_cells(shape, (0, 0), angle, length) == template_cells(
        shape, (0, 0), angle + 360, length
    )


@pytest.mark.rule("E-AREA-CONE", "E-AREA-BEAM", "D-8")
@pytest.mark.parametrize("shape", [AreaShape.BEAM, AreaShape.CONE])
@pytest.mark.parametrize("length", [1, 2.5, 4, 7])
def test_grid_directions_are_rotations_of_each_other(shape: AreaShape, length: float) -> None:
    east = template_cells(shape, (0, 0), 0, length)
    south_east = template_cells(shape, (0, 0), 45, length)
    for quarter in range(4):
        east = {(-y, x) for x, y in east}  # a quarter turn toward +y
        south_east = {(-y, x) for x, y in south_east}
        assert template_cells(shape, (0, 0), 90 * (quarter + 1), length) == east
        assert template_cells(shape, (0, 0), 45 + 90 * (quarter + 1), length) == south_east


# ---------------------------------------------------------------- masks
@pytest.mark.rule("E-AREA-GRID-2", "D-8")
@settings(max_examples=100, deadline=None)
@given(
    shape=st.sampled_from(list(AreaShape)),
    origin=st.tuples(st.integers(-8, 20), st.integers(-8, 15)),
    angle=angles,
    length=lengths,
)
def test_masks_match_cells_clipped_to_the_map(
    shape: AreaShape, origin: tuple[int, int], angle: float, length: float
) -> None:
    grid_shape = (9, 13)  # height, width
    expected = cells_to_mask(template_cells(shape, origin, angle, length), grid_shape)
    np.testing.assert_array_equal(template_mask(shape, grid_shape, origin, angle, length), expected)


@pytest.mark.rule("E-AREA-GRID-2")
def test_named_masks() -> None:
    grid_shape = (6, 7)
    assert circle_mask(grid_shape, (0, 0), 1).sum() == 4  # a corner of the map
    mask = beam_mask(grid_shape, (0, 2), 0, 10)
    assert mask.shape == grid_shape and mask[2, 1:].all() and mask.sum() == 6
    cone = cone_mask(grid_shape, (3, 3), 270, 1)
    assert {(int(x), int(y)) for y, x in zip(*np.nonzero(cone), strict=True)} == {
        (2, 2),
        (3, 2),
        (4, 2),
    }


@pytest.mark.rule("D-8")
def test_cells_to_mask_drops_fields_off_the_map() -> None:
    mask = cells_to_mask({(0, 0), (-1, 0), (2, 1), (5, 5)}, (2, 3))
    assert mask.tolist() == [[True, False, False], [False, False, True]]
