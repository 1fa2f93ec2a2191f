/* The GODŌ bitboard engine in C99, a line-by-line port of solver/games/godo/kernel.py.
 * Words are int64_t as in the numba kernel; bit tricks and wrapping arithmetic go through
 * uint64_t. See godo.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "godo.h"
#include "layout.h"

typedef int64_t i64;
typedef uint64_t u64;

#define ROW_SHIFT L_ROW_SHIFT
#define WINDOW ((((u64)1) << G_SIZE) - 1)
#define FIRST_SQUARE (-(G_LOW))
#define PLACEMENTS_OF_ONE_TILE L_PLACEMENTS_OF_ONE_TILE
#define NC P_NUM_COLOURS
#define NT P_NUM_TILES

enum {
    K_RETURN, K_BEGIN_INITIATION, K_DRAW, K_AFTER_DRAWS, K_START_TURN, K_PLACE, K_AFTER_PLACES,
    K_ADVANCE, K_AFTER_ADVANCE, K_START_MOVEMENT, K_ARRIVE, K_FOX, K_END_MOVEMENT, K_SHARE_WITH,
    K_MASTER, K_PLACE_ENSO, K_STOCK, K_FINISH_SCORING
};

static const i64 FIRST_DRAWS[] = R_FIRST_DRAWS;
static const i64 CORNER_DX[4] = {0, 1, 1, 0};
static const i64 CORNER_DY[4] = {0, 0, 1, 1};
static const i64 STEP[4] = {1, 1 << ROW_SHIFT, -1, -(1 << ROW_SHIFT)};
static const i64 ACROSS_COL[4] = {0, 1, 0, -1};
static const i64 ACROSS_ROW[4] = {-1, 0, 1, 0};
static const i64 ACROSS_ROT[4][2] = {{2, 3}, {0, 3}, {0, 1}, {1, 2}};
static const i64 CORNER_K[3] = {0, 1, 3};
static const i64 LEG_SIDE[2] = {0, 3};

/* -- bits ---------------------------------------------------------------------------------------- */

static inline i64 ctz(i64 b) { return b ? (i64)__builtin_ctzll((u64)b) : 0; }
static inline i64 popcount(i64 b) { return (i64)__builtin_popcountll((u64)b); }
static inline i64 nth_bit(i64 b, i64 n) {
    u64 x = (u64)b;
    for (i64 i = 0; i < n; i++) x &= x - 1;
    return ctz((i64)x);
}
static inline i64 bit(i64 k) { return (i64)((u64)1 << (k & 63)); }
static inline i64 has(const i64 *s, i64 base, i64 pi) {
    return (i64)(((u64)s[base + (pi >> ROW_SHIFT)] >> (pi & 63)) & 1);
}
static inline void set_bit(i64 *s, i64 base, i64 pi) {
    s[base + (pi >> ROW_SHIFT)] = (i64)((u64)s[base + (pi >> ROW_SHIFT)] | ((u64)1 << (pi & 63)));
}
static inline void clear_bit(i64 *s, i64 base, i64 pi) {
    s[base + (pi >> ROW_SHIFT)] = (i64)((u64)s[base + (pi >> ROW_SHIFT)] & ~((u64)1 << (pi & 63)));
}
static inline i64 imin(i64 a, i64 b) { return a < b ? a : b; }
static inline i64 imax(i64 a, i64 b) { return a > b ? a : b; }

/* -- the pack ------------------------------------------------------------------------------------ */

static inline i64 leg(const i64 *s, i64 tile, i64 which) {
    return (s[L_TILES + tile * L_TILE_WORDS] >> (4 * which)) & 15;
}
static inline i64 corner(const i64 *s, i64 tile, i64 k) { return s[L_TILES + tile * L_TILE_WORDS + 1 + k]; }
static inline i64 shows(const i64 *s, i64 track, i64 space) {
    return s[L_JOURNAL + track * P_TRACK_LENGTH + space] & 31;
}
static inline i64 icon_at(const i64 *s, i64 track, i64 space) {
    return s[L_JOURNAL + track * P_TRACK_LENGTH + space] >> L_ICON_SHIFT;
}

/* -- tiles on the grounds ------------------------------------------------------------------------ */

static inline i64 corner_point(i64 col, i64 row, i64 r, i64 k) {
    i64 c = (r + CORNER_K[k]) % 4;
    return (row + CORNER_DY[c]) << ROW_SHIFT | (col + CORNER_DX[c]);
}

static inline void leg_edge(i64 col, i64 row, i64 r, i64 which, i64 *vertical, i64 *er, i64 *ec) {
    i64 side = (r + LEG_SIDE[which]) % 4;
    if (side == 0) { *vertical = 0; *er = row; *ec = col; }
    else if (side == 1) { *vertical = 1; *er = row; *ec = col + 1; }
    else if (side == 2) { *vertical = 0; *er = row + 1; *ec = col; }
    else { *vertical = 1; *er = row; *ec = col; }
}

static inline i64 content_slot(const i64 *s, i64 pi) {
    i64 i = ((pi * 2654435761LL) >> 16) & (L_CONTENT_SLOTS - 1);
    while (s[L_CONTENT + 2 * i] != L_NONE && s[L_CONTENT + 2 * i] != pi + 1) i = (i + 1) & (L_CONTENT_SLOTS - 1);
    return i;
}

static void add_corners(i64 *s, i64 tile, i64 col, i64 row, i64 r) {
    for (i64 k = 0; k < 3; k++) {
        i64 pi = corner_point(col, row, r, k);
        i64 w = corner(s, tile, k);
        i64 add = (i64)1 << L_CORNERS_SHIFT;
        for (i64 c = 0; c < NC; c++) add += ((w >> (L_LOTUS_BITS * c)) & 15) << (L_COUNT_BITS * c);
        i64 gate = 0;
        i64 kind = (w >> L_MARKER_SHIFT) & 3;
        if (kind == L_MARK_GATE) {
            gate = (i64)1 << (L_GATES_SHIFT + ((w >> L_GATE_COLOUR_SHIFT) & 7));
            set_bit(s, L_GATES, pi);
        } else if (kind == L_MARK_SHRINE) {
            add += (i64)1 << L_SHRINES_SHIFT;
        } else if (kind == L_MARK_LANTERN) {
            add += (i64)1 << L_LANTERNS_SHIFT;
            set_bit(s, L_LANTERNS, pi);
        }
        i64 i = content_slot(s, pi);
        s[L_CONTENT + 2 * i] = pi + 1;
        s[L_CONTENT + 2 * i + 1] = (i64)(((u64)s[L_CONTENT + 2 * i + 1] + (u64)add) | (u64)gate);
        set_bit(s, L_POINTS, pi);
    }
}

static inline void grow_box(i64 *s, i64 col, i64 row) {
    s[L_SQUARE_BOX] = imin(s[L_SQUARE_BOX], col);
    s[L_SQUARE_BOX + 1] = imax(s[L_SQUARE_BOX + 1], col);
    s[L_SQUARE_BOX + 2] = imin(s[L_SQUARE_BOX + 2], row);
    s[L_SQUARE_BOX + 3] = imax(s[L_SQUARE_BOX + 3], row);
}

void place_tile(i64 *s, i64 tile, i64 col, i64 row, i64 r) {
    s[L_OCC + r * L_ROWS + row] |= bit(col);
    s[L_TILE_SLOT + tile] = ((row << ROW_SHIFT | col) << 2 | r) + 1;
    for (i64 which = 0; which < 2; which++) {
        i64 vertical, er, ec;
        leg_edge(col, row, r, which, &vertical, &er, &ec);
        i64 base = vertical ? L_VERTICAL : L_HORIZONTAL;
        s[base + leg(s, tile, which) * L_ROWS + er] |= bit(ec);
    }
    add_corners(s, tile, col, row, r);
    grow_box(s, col, row);
}

static inline void slot_of(const i64 *s, i64 tile, i64 *col, i64 *row, i64 *r) {
    i64 code = s[L_TILE_SLOT + tile] - 1;
    *col = (code >> 2) & 63;
    *row = code >> (2 + ROW_SHIFT);
    *r = code & 3;
}

static inline int occupied(const i64 *s, i64 col, i64 row, i64 r) {
    if (col < 0 || row < 0 || col >= G_SIZE || row >= G_SIZE) return 0;
    return (((u64)s[L_OCC + r * L_ROWS + row] >> col) & 1) == 1;
}

static void rebuild_contents(i64 *s) {
    memset(s + L_CONTENT, 0, sizeof(i64) * (L_CONTENT_END - L_CONTENT));
    memset(s + L_POINTS, 0, sizeof(i64) * L_ROWS);
    memset(s + L_GATES, 0, sizeof(i64) * L_ROWS);
    memset(s + L_LANTERNS, 0, sizeof(i64) * L_ROWS);
    for (i64 tile = 0; tile < NT; tile++) {
        if (s[L_TILE_SLOT + tile] != L_NONE) {
            i64 col, row, r;
            slot_of(s, tile, &col, &row, &r);
            add_corners(s, tile, col, row, r);
        }
    }
}

static void refresh_box(i64 *s) {
    s[L_SQUARE_BOX] = L_ROWS;
    s[L_SQUARE_BOX + 1] = -1;
    s[L_SQUARE_BOX + 2] = L_ROWS;
    s[L_SQUARE_BOX + 3] = -1;
    for (i64 tile = 0; tile < NT; tile++) {
        if (s[L_TILE_SLOT + tile] != L_NONE) {
            i64 col, row, r;
            slot_of(s, tile, &col, &row, &r);
            grow_box(s, col, row);
        }
    }
}

void lift_tile(i64 *s, i64 tile) {
    i64 col, row, r;
    slot_of(s, tile, &col, &row, &r);
    s[L_OCC + r * L_ROWS + row] &= ~bit(col);
    s[L_TILE_SLOT + tile] = L_NONE;
    for (i64 which = 0; which < 2; which++) {
        i64 vertical, er, ec;
        leg_edge(col, row, r, which, &vertical, &er, &ec);
        i64 side = (r + LEG_SIDE[which]) % 4;
        i64 across_col = col + ACROSS_COL[side], across_row = row + ACROSS_ROW[side];
        int keep = occupied(s, across_col, across_row, ACROSS_ROT[side][0]) ||
                   occupied(s, across_col, across_row, ACROSS_ROT[side][1]);
        i64 base = vertical ? L_VERTICAL : L_HORIZONTAL;
        if (!keep)
            for (i64 c = 0; c < NC; c++) s[base + c * L_ROWS + er] &= ~bit(ec);
    }
    rebuild_contents(s);
    refresh_box(s);
}

/* lotuses per colour into ``lotuses``; the gate mask, shrines and lanterns into the pointers. */
static void point_info(const i64 *s, i64 pi, i64 *lotuses, i64 *gates, i64 *shrines, i64 *lanterns) {
    i64 i = content_slot(s, pi);
    i64 w = s[L_CONTENT + 2 * i] == pi + 1 ? s[L_CONTENT + 2 * i + 1] : 0;
    for (i64 c = 0; c < NC; c++) lotuses[c] = (w >> (L_COUNT_BITS * c)) & ((1 << L_COUNT_BITS) - 1);
    if (gates) *gates = (w >> L_GATES_SHIFT) & 31;
    if (shrines) *shrines = (w >> L_SHRINES_SHIFT) & 15;
    if (lanterns) *lanterns = (w >> L_LANTERNS_SHIFT) & 15;
}

static i64 path_colour(const i64 *s, i64 pi, i64 d) {
    i64 row = pi >> ROW_SHIFT, col = pi & 63, base, er, ec;
    if (d == 0) { base = L_HORIZONTAL; er = row; ec = col; }
    else if (d == 1) { base = L_VERTICAL; er = row; ec = col; }
    else if (d == 2) { base = L_HORIZONTAL; er = row; ec = col - 1; }
    else { base = L_VERTICAL; er = row - 1; ec = col; }
    if (er < 0 || ec < 0 || er >= L_ROWS) return -1;
    for (i64 c = 0; c < NC; c++)
        if (((u64)s[base + c * L_ROWS + er] >> ec) & 1) return c;
    return -1;
}

static inline void edges(const i64 *s, i64 base, i64 row, i64 colour, u64 *anyc, u64 *mine) {
    u64 a = 0;
    for (i64 c = 0; c < NC; c++) a |= (u64)s[base + c * L_ROWS + row];
    *anyc = a;
    *mine = (u64)s[base + colour * L_ROWS + row];
}

static inline void side_masks(const i64 *s, i64 row, i64 side, i64 colour, u64 *anyc, u64 *mine) {
    if (side == 0) { edges(s, L_HORIZONTAL, row, colour, anyc, mine); return; }
    if (side == 2) { edges(s, L_HORIZONTAL, row + 1, colour, anyc, mine); return; }
    edges(s, L_VERTICAL, row, colour, anyc, mine);
    if (side == 1) {
        *anyc = (*anyc >> 1) & WINDOW;
        *mine = (*mine >> 1) & WINDOW;
    }
}

static void placement_rows(const i64 *s, i64 tile, i64 row, u64 *masks) {
    i64 ca = leg(s, tile, 0), cb = leg(s, tile, 1);
    i64 occ = L_OCC + row;
    for (i64 r = 0; r < 4; r++) {
        u64 any_a, col_a, any_b, col_b;
        side_masks(s, row, r, ca, &any_a, &col_a);
        side_masks(s, row, (r + 3) % 4, cb, &any_b, &col_b);
        u64 free_ = ~((u64)s[occ + r * L_ROWS] | (u64)s[occ + ((r + 1) % 4) * L_ROWS] |
                      (u64)s[occ + ((r + 3) % 4) * L_ROWS]);
        u64 touching = col_a | col_b | (u64)s[occ + ((r + 2) % 4) * L_ROWS];
        masks[r] = free_ & (~any_a | col_a) & (~any_b | col_b) & touching & WINDOW;
    }
}

static inline i64 emit(i64 *out, i64 n, i64 limit, i64 action) {
    if (n < limit) out[n] = action;
    return n + 1;
}

static inline i64 place_action(i64 tile, i64 col, i64 row, i64 r) {
    return A_PLACE + ((tile * G_SIZE + row) * G_SIZE + col) * 4 + r;
}

static inline void decode_place(i64 action, i64 *tile, i64 *col, i64 *row, i64 *r) {
    i64 rest = action - A_PLACE;
    *r = rest % 4;
    rest /= 4;
    *col = rest % G_SIZE;
    rest /= G_SIZE;
    *tile = rest / G_SIZE;
    *row = rest % G_SIZE;
}

static i64 gen_placements(const i64 *s, i64 hand, i64 *out, i64 n, i64 limit, i64 skip_tile, i64 skip_code) {
    u64 masks[4];
    int empty = s[L_SQUARE_BOX + 1] < 0;
    u64 h = (u64)hand;
    while (h) {
        i64 tile = ctz((i64)h);
        h &= h - 1;
        if (empty) {
            for (i64 r = 0; r < 4; r++) n = emit(out, n, limit, place_action(tile, FIRST_SQUARE, FIRST_SQUARE, r));
            continue;
        }
        i64 lo = imax(0, s[L_SQUARE_BOX + 2] - 1);
        i64 hi = imin(G_SIZE - 1, s[L_SQUARE_BOX + 3] + 1);
        for (i64 row = lo; row <= hi; row++) {
            placement_rows(s, tile, row, masks);
            u64 m = masks[0] | masks[1] | masks[2] | masks[3];
            while (m) {
                i64 col = ctz((i64)m);
                m &= m - 1;
                for (i64 r = 0; r < 4; r++) {
                    if ((masks[r] >> col) & 1) {
                        if (tile == skip_tile && ((row << ROW_SHIFT | col) << 2 | r) == skip_code) continue;
                        n = emit(out, n, limit, place_action(tile, col, row, r));
                    }
                }
            }
            if (n >= limit) return n;
        }
    }
    return n;
}

int is_connected(i64 *s) {
    i64 total = 0, start = -1;
    for (i64 tile = 0; tile < NT; tile++) {
        if (s[L_TILE_SLOT + tile] != L_NONE) {
            total++;
            start = s[L_TILE_SLOT + tile] - 1;
        }
    }
    if (total == 0) return 1;
    u64 seen[4 * L_ROWS];
    memset(seen, 0, sizeof seen);
    i64 stack[NT + 1];
    i64 top = 1, reached = 1;
    stack[0] = start;
    seen[(start & 3) * L_ROWS + (start >> (2 + ROW_SHIFT))] |= (u64)1 << ((start >> 2) & 63);
    i64 nb[5][3];
    while (top) {
        top--;
        i64 code = stack[top];
        i64 col = (code >> 2) & 63, row = code >> (2 + ROW_SHIFT), r = code & 3;
        nb[0][0] = col; nb[0][1] = row; nb[0][2] = (r + 2) % 4;
        for (i64 i = 0; i < 2; i++) {
            i64 side = (r + LEG_SIDE[i]) % 4;
            for (i64 j = 0; j < 2; j++) {
                nb[1 + 2 * i + j][0] = col + ACROSS_COL[side];
                nb[1 + 2 * i + j][1] = row + ACROSS_ROW[side];
                nb[1 + 2 * i + j][2] = ACROSS_ROT[side][j];
            }
        }
        for (i64 k = 0; k < 5; k++) {
            i64 c2 = nb[k][0], r2 = nb[k][1], rot = nb[k][2];
            if (occupied(s, c2, r2, rot) && !((seen[rot * L_ROWS + r2] >> c2) & 1)) {
                seen[rot * L_ROWS + r2] |= (u64)1 << c2;
                if (top < NT + 1) stack[top] = (r2 << ROW_SHIFT | c2) << 2 | rot;
                top++;
                reached++;
            }
        }
    }
    return reached == total;
}

/* -- players, journals --------------------------------------------------------------------------- */

static inline i64 track(const i64 *s, i64 player, i64 t) { return s[L_TRACK + player * NC + t]; }
static inline i64 next_player(const i64 *s, i64 player) { return (player + 1) % s[L_PLAYERS]; }
static i64 monk_at(const i64 *s, i64 pi) {
    for (i64 p = 0; p < s[L_PLAYERS]; p++)
        if (s[L_MONK + p] == pi + 1) return p;
    return -1;
}

/* -- the legal actions of each phase ------------------------------------------------------------- */

static i64 with_pass(i64 *out, i64 n, i64 limit) {
    if (n == 0) return 0;
    for (i64 i = imin(n, limit - 1); i > 0; i--) out[i] = out[i - 1];
    out[0] = A_PASS;
    return n + 1;
}

static i64 gen_advances(const i64 *s, i64 *out, i64 limit) {
    i64 player = s[L_TO_MOVE], n = 0;
    int initiation = s[L_POOL_MODE] == L_PM_INITIATION;
    i64 last = initiation ? P_MASTERY_SPACE - 1 : P_MASTERY_SPACE; /* initiation stops short of 5 */
    for (i64 colour = 0; colour < NC; colour++) {
        if (s[L_POOL + colour] == 0) continue;
        for (i64 t = 0; t < NC; t++) {
            i64 pos = track(s, player, t);
            if (pos < last && (shows(s, t, pos + 1) >> colour) & 1)
                n = emit(out, n, limit, A_ADVANCE + colour * NC + t);
        }
    }
    if (!initiation) n = with_pass(out, n, limit);
    return n;
}

static i64 payments(const i64 *s, i64 colours) {
    i64 player = s[L_ACTIVE];
    for (i64 c = 0; c < NC; c++)
        if ((colours >> c) & 1 && track(s, player, c) == L_MASTERED) return (i64)1 << A_FREE;
    i64 pays = 0;
    for (i64 t = 0; t < NC; t++) {
        i64 pos = track(s, player, t);
        if (pos != L_MASTERED && pos >= 1 && (shows(s, t, pos - 1) & colours)) pays |= (i64)1 << t;
    }
    return pays;
}

static i64 icon(const i64 *s, i64 pay) {
    if (!s[L_VARIANT] || pay == A_FREE) return L_ICON_NONE;
    return icon_at(s, pay, track(s, s[L_ACTIVE], pay) - 1);
}

static i64 gen_pushes_of(const i64 *s, i64 player, i64 blocked, i64 *out, i64 n, i64 limit) {
    i64 here = s[L_MONK + player] - 1;
    for (i64 d = 0; d < 4; d++) {
        if (path_colour(s, here, d) < 0) continue;
        i64 there = here + STEP[d];
        if (!has(s, L_MONKS, there) && there != blocked) n = emit(out, n, limit, A_PUSH + player * 4 + d);
    }
    return n;
}

static int move_allowed(const i64 *s, i64 gate, i64 origin, i64 target, i64 pay, i64 *scratch) {
    if (s[L_MOVES] > 0 && s[L_LAST_GATE] == gate) {
        i64 a = s[L_LAST_FROM] - 1, b = s[L_LAST_TO] - 1;
        if ((a == origin && b == target) || (a == target && b == origin)) return 0;
    }
    if (!has(s, L_MONKS, target)) return 1;
    return icon(s, pay) == L_ICON_MOVE_MONK && gen_pushes_of(s, monk_at(s, target), target, scratch, 0, 1) > 0;
}

static i64 gen_moves(const i64 *s, i64 *out, i64 limit, i64 *scratch, i64 *lotuses) {
    if (s[L_MOVES] >= R_MAX_MOVES_PER_TURN) return 0;
    i64 here = s[L_MONK + s[L_ACTIVE]] - 1, n = 0;
    for (i64 d = 0; d < 4; d++) {
        i64 colour = path_colour(s, here, d);
        if (colour < 0) continue;
        i64 pays = payments(s, (i64)1 << colour);
        for (i64 pay = 0; pay < A_PAYMENTS; pay++)
            if ((pays >> pay) & 1 && move_allowed(s, 0, here, here + STEP[d], pay, scratch))
                n = emit(out, n, limit, A_MOVE + d * A_PAYMENTS + pay);
    }
    if (has(s, L_GATES, here)) {
        i64 gates;
        point_info(s, here, lotuses, &gates, NULL, NULL);
        i64 pays = payments(s, gates);
        for (i64 row = 0; row < L_ROWS; row++) {
            u64 b = (u64)s[L_GATES + row];
            while (b) {
                i64 there = row << ROW_SHIFT | ctz((i64)b);
                b &= b - 1;
                if (there == here) continue;
                for (i64 pay = 0; pay < A_PAYMENTS; pay++)
                    if ((pays >> pay) & 1 && move_allowed(s, 1, here, there, pay, scratch))
                        n = emit(out, n, limit, A_GATE + there * A_PAYMENTS + pay);
            }
        }
    }
    if (s[L_MOVES] > 0) n = with_pass(out, n, limit);
    return n;
}

static i64 gen_exchanges(const i64 *s, i64 *out, i64 limit) {
    i64 n = 0;
    for (i64 give = 0; give < NC; give++) {
        if (s[L_COLLECTED + give] == 0) continue;
        for (i64 take = 0; take < NC; take++)
            if (take != give && s[L_SUPPLY + take] > 0) n = emit(out, n, limit, A_EXCHANGE + give * NC + take);
    }
    return with_pass(out, n, limit);
}

static i64 gen_pushes(const i64 *s, i64 *out, i64 limit) {
    i64 target = s[L_PEND_TO] - 1;
    i64 occupant = monk_at(s, target);
    if (occupant >= 0) return gen_pushes_of(s, occupant, target, out, 0, limit);
    i64 n = 0;
    for (i64 p = 0; p < s[L_PLAYERS]; p++)
        if (p != s[L_ACTIVE] && s[L_MONK + p] != L_NONE) n = gen_pushes_of(s, p, target, out, n, limit);
    return with_pass(out, n, limit);
}

static i64 stranded_points(const i64 *s, i64 *out, i64 cap) {
    i64 n = 0;
    for (i64 row = 0; row < L_ROWS; row++) {
        u64 b = ((u64)s[L_ENSO + row] | (u64)s[L_MONKS + row]) & ~(u64)s[L_POINTS + row];
        while (b) {
            if (n < cap) out[n] = row << ROW_SHIFT | ctz((i64)b);
            n++;
            b &= b - 1;
        }
    }
    return n;
}

static i64 gen_relocations(const i64 *s, i64 *out, i64 limit) {
    i64 ends0 = s[L_PEND_FROM] - 1, ends1 = s[L_PEND_TO] - 1;
    i64 trial[L_SIZE];
    i64 found[PLACEMENTS_OF_ONE_TILE];
    i64 stranded[3];
    memcpy(trial, s, sizeof trial);
    i64 n = 0;
    for (i64 tile = 0; tile < NT; tile++) {
        if (s[L_TILE_SLOT + tile] == L_NONE) continue;
        i64 col, row, r;
        slot_of(s, tile, &col, &row, &r);
        int at_end = 0;
        for (i64 k = 0; k < 3; k++) {
            i64 pi = corner_point(col, row, r, k);
            at_end = at_end || pi == ends0 || pi == ends1;
        }
        if (at_end) continue;
        lift_tile(trial, tile);
        i64 lost = stranded_points(trial, stranded, 3);
        if (lost <= 3 && is_connected(trial)) {
            i64 code = s[L_TILE_SLOT + tile] - 1;
            i64 m = gen_placements(trial, (i64)1 << tile, found, 0, PLACEMENTS_OF_ONE_TILE, tile, code);
            for (i64 i = 0; i < imin(m, PLACEMENTS_OF_ONE_TILE); i++) {
                i64 t2, c2, r2, rot2;
                decode_place(found[i], &t2, &c2, &r2, &rot2);
                i64 covered = 0;
                for (i64 j = 0; j < lost; j++) {
                    for (i64 k = 0; k < 3; k++) {
                        if (corner_point(c2, r2, rot2, k) == stranded[j]) {
                            covered++;
                            break;
                        }
                    }
                }
                if (covered == lost) n = emit(out, n, limit, found[i]);
            }
        }
        place_tile(trial, tile, col, row, r);
    }
    return with_pass(out, n, limit);
}

static i64 free_points(const i64 *s, i64 *out, i64 n, i64 limit, int no_monk) {
    for (i64 row = 0; row < L_ROWS; row++) {
        u64 b = (u64)s[L_POINTS + row] & ~(u64)s[L_ENSO + row];
        while (b) {
            i64 pi = row << ROW_SHIFT | ctz((i64)b);
            b &= b - 1;
            if (no_monk && has(s, L_MONKS, pi)) continue;
            n = emit(out, n, limit, A_POINT + pi);
            if (n >= limit) return n;
        }
    }
    return n;
}

static i64 gen_monk_spots(const i64 *s, i64 *out, i64 limit) {
    i64 n = 0;
    for (i64 row = 0; row < L_ROWS; row++) {
        u64 b = (u64)s[L_POINTS + row];
        while (b) {
            i64 pi = row << ROW_SHIFT | ctz((i64)b);
            b &= b - 1;
            if (!has(s, L_MONKS, pi)) n = emit(out, n, limit, A_POINT + pi);
        }
    }
    return n;
}

static i64 gen_enso_sources(const i64 *s, i64 *out, i64 limit) {
    int any_enso = 0, any_free = 0;
    for (i64 row = 0; row < L_ROWS; row++) {
        any_enso = any_enso || s[L_ENSO + row] != 0;
        any_free = any_free || ((u64)s[L_POINTS + row] & ~(u64)s[L_ENSO + row]) != 0;
    }
    if (!(any_enso && any_free)) return 0;
    i64 n = 0;
    for (i64 row = 0; row < L_ROWS; row++) {
        u64 b = (u64)s[L_ENSO + row];
        while (b) {
            n = emit(out, n, limit, A_POINT + (row << ROW_SHIFT | ctz((i64)b)));
            b &= b - 1;
        }
    }
    return with_pass(out, n, limit);
}

static i64 gen_nudges(const i64 *s, i64 *out, i64 limit) {
    i64 n = 0;
    for (i64 t = 0; t < NC; t++)
        if (track(s, s[L_ACTIVE], t) < P_MASTERY_SPACE) n = emit(out, n, limit, A_NUDGE + t);
    return n;
}

static i64 legal(const i64 *s, i64 *out, i64 limit, i64 *scratch, i64 *lotuses) {
    i64 phase = s[L_PHASE];
    if (phase == L_PH_DRAW) {
        i64 n = 0;
        u64 pile = (u64)s[L_PILE];
        while (pile) {
            n = emit(out, n, limit, A_DRAW + ctz((i64)pile));
            pile &= pile - 1;
        }
        return n;
    }
    if (phase == L_PH_PLACE) return gen_placements(s, s[L_HAND + s[L_ACTIVE]], out, 0, limit, -1, -1);
    if (phase == L_PH_MONK) return gen_monk_spots(s, out, limit);
    if (phase == L_PH_ADVANCE) return gen_advances(s, out, limit);
    if (phase == L_PH_MOVE) return gen_moves(s, out, limit, scratch, lotuses);
    if (phase == L_PH_NUDGE) return gen_nudges(s, out, limit);
    if (phase == L_PH_FOX) return gen_exchanges(s, out, limit);
    if (phase == L_PH_PUSH) return gen_pushes(s, out, limit);
    if (phase == L_PH_RELOCATE) return gen_relocations(s, out, limit);
    if (phase == L_PH_ENSO_FROM) return gen_enso_sources(s, out, limit);
    if (phase == L_PH_ENSO_TO || phase == L_PH_MASTER) return free_points(s, out, 0, limit, 0);
    if (phase == L_PH_STOCK) return free_points(s, out, 0, limit, 1);
    return 0;
}

int64_t legal_actions(int64_t *s, int64_t *out, int64_t cap) {
    i64 scratch[8], lotuses[NC];
    return legal(s, out, cap, scratch, lotuses);
}

/* -- the turn: a state machine that runs until the next decision --------------------------------- */

static void finish(i64 *s, i64 winners) {
    s[L_STAGE] = L_ST_OVER;
    s[L_PHASE] = L_PH_OVER;
    s[L_WINNERS] = winners;
}

static void proceed(i64 *s, i64 step, i64 arg) {
    i64 scratch[8], lotuses[NC];
    i64 count = 0, then = 0;
    while (step != K_RETURN) {
        if (step == K_BEGIN_INITIATION) {
            s[L_STAGE] = L_ST_INITIATION;
            s[L_ACTIVE] = arg;
            s[L_PLACES_LEFT] = FIRST_DRAWS[arg];
            s[L_REDRAWN] = 0;
            step = K_DRAW; count = FIRST_DRAWS[arg]; then = L_TH_PLACE;
        } else if (step == K_DRAW) {
            s[L_DRAWER] = arg;
            s[L_THEN] = then;
            s[L_DRAWS_LEFT] = imin(count, popcount(s[L_PILE]));
            if (s[L_DRAWS_LEFT]) {
                s[L_PHASE] = L_PH_DRAW;
                step = K_RETURN;
            } else {
                step = K_AFTER_DRAWS;
            }
        } else if (step == K_AFTER_DRAWS) {
            if (s[L_THEN] == L_TH_PLACE) step = K_PLACE;
            else if (s[L_THEN] == L_TH_MOVE) step = K_START_MOVEMENT;
            else if (s[L_DRAWER] + 1 < s[L_PLAYERS]) {
                arg = s[L_DRAWER] + 1;
                step = K_DRAW; count = imax(0, R_HAND_SIZE - popcount(s[L_HAND + arg])); then = L_TH_HAND;
            } else {
                step = K_START_TURN; arg = 0;
            }
        } else if (step == K_START_TURN) {
            s[L_STAGE] = L_ST_PLAY;
            s[L_ACTIVE] = arg;
            for (i64 c = 0; c < NC; c++) s[L_COLLECTED + c] = 0;
            s[L_MOVES] = s[L_LAST_GATE] = s[L_LAST_FROM] = s[L_LAST_TO] = s[L_FOX_LEFT] = 0;
            if (s[L_HAND + arg] == 0) {
                if (s[L_SOLO]) {
                    finish(s, 0);
                    step = K_RETURN;
                    continue;
                }
                i64 anyone = 0;
                for (i64 p = 0; p < s[L_PLAYERS]; p++) anyone |= s[L_HAND + p];
                if (anyone) { step = K_START_TURN; arg = next_player(s, arg); }
                else { step = K_FINISH_SCORING; arg = 0; }
            } else {
                s[L_PLACES_LEFT] = 1;
                s[L_REDRAWN] = 0;
                step = K_PLACE;
            }
        } else if (step == K_FINISH_SCORING) {
            i64 best = -1, winners = 0;
            for (i64 p = 0; p < s[L_PLAYERS]; p++) {
                i64 total = 0;
                for (i64 t = 0; t < NC; t++) {
                    i64 pos = track(s, p, t);
                    total += pos == L_MASTERED ? 10 : pos;
                }
                if (total > best) { best = total; winners = (i64)1 << p; }
                else if (total == best) winners |= (i64)1 << p;
            }
            finish(s, winners);
            step = K_RETURN;
        } else if (step == K_PLACE) {
            i64 active = s[L_ACTIVE];
            if (s[L_PLACES_LEFT] == 0) {
                step = K_AFTER_PLACES;
            } else if (gen_placements(s, s[L_HAND + active], scratch, 0, 1, -1, -1)) {
                s[L_PHASE] = L_PH_PLACE;
                s[L_TO_MOVE] = active;
                step = K_RETURN;
            } else if (s[L_HAND + active] && !s[L_REDRAWN]) {
                s[L_REMOVED] |= s[L_HAND + active];
                s[L_HAND + active] = 0;
                s[L_REDRAWN] = 1;
                step = K_DRAW; arg = active; count = 2; then = L_TH_PLACE;
            } else {
                s[L_PLACES_LEFT] -= 1;
                s[L_REDRAWN] = 0;
            }
        } else if (step == K_AFTER_PLACES) {
            if (s[L_STAGE] == L_ST_INITIATION) {
                s[L_PHASE] = L_PH_MONK;
                s[L_TO_MOVE] = s[L_ACTIVE];
                step = K_RETURN;
            } else {
                step = K_DRAW; arg = s[L_ACTIVE]; count = 1; then = L_TH_MOVE;
            }
        } else if (step == K_ADVANCE) {
            if (gen_advances(s, scratch, 1)) {
                s[L_PHASE] = L_PH_ADVANCE;
                step = K_RETURN;
            } else {
                step = K_AFTER_ADVANCE;
            }
        } else if (step == K_AFTER_ADVANCE) {
            i64 player = s[L_TO_MOVE], mode = s[L_POOL_MODE];
            for (i64 c = 0; c < NC; c++) s[L_POOL + c] = 0;
            if (mode == L_PM_INITIATION) {
                if (player + 1 < s[L_PLAYERS]) { step = K_BEGIN_INITIATION; arg = player + 1; }
                else {
                    step = K_DRAW; arg = 0; count = imax(0, R_HAND_SIZE - popcount(s[L_HAND])); then = L_TH_HAND;
                }
            } else if (mode == L_PM_IMPROVE) {
                step = K_SHARE_WITH; arg = next_player(s, s[L_ACTIVE]);
            } else {
                step = K_SHARE_WITH; arg = next_player(s, player);
            }
        } else if (step == K_START_MOVEMENT) {
            i64 active = s[L_ACTIVE];
            s[L_TO_MOVE] = active;
            if (gen_moves(s, scratch, 1, scratch + 4, lotuses)) {
                s[L_PHASE] = L_PH_MOVE;
                step = K_RETURN;
            } else if (gen_nudges(s, scratch, 1)) {
                s[L_PHASE] = L_PH_NUDGE;
                step = K_RETURN;
            } else {
                step = K_MASTER; arg = active;
            }
        } else if (step == K_ARRIVE) {
            i64 active = s[L_ACTIVE], target = s[L_PEND_TO] - 1;
            clear_bit(s, L_MONKS, s[L_MONK + active] - 1);
            set_bit(s, L_MONKS, target);
            s[L_MONK + active] = target + 1;
            s[L_LAST_GATE] = s[L_PEND_GATE];
            s[L_LAST_FROM] = s[L_PEND_FROM];
            s[L_LAST_TO] = s[L_PEND_TO];
            s[L_PEND_GATE] = s[L_PEND_FROM] = s[L_PEND_TO] = s[L_PEND_PAY] = 0;
            s[L_MOVES] += 1;
            if (has(s, L_ENSO, target)) {
                step = K_END_MOVEMENT;
            } else {
                i64 shrines;
                point_info(s, target, lotuses, NULL, &shrines, NULL);
                for (i64 c = 0; c < NC; c++) {
                    i64 taken = imin(lotuses[c], s[L_SUPPLY + c]);
                    s[L_SUPPLY + c] -= taken;
                    s[L_COLLECTED + c] += taken;
                }
                s[L_FOX_LEFT] = shrines;
                step = K_FOX;
            }
        } else if (step == K_FOX) {
            if (s[L_FOX_LEFT] && gen_exchanges(s, scratch, 1)) {
                s[L_PHASE] = L_PH_FOX;
                step = K_RETURN;
            } else {
                s[L_FOX_LEFT] = 0;
                if (has(s, L_LANTERNS, s[L_MONK + s[L_ACTIVE]] - 1)) {
                    step = K_END_MOVEMENT;
                } else if (gen_moves(s, scratch, 1, scratch + 4, lotuses)) {
                    s[L_PHASE] = L_PH_MOVE;
                    step = K_RETURN;
                } else {
                    step = K_END_MOVEMENT;
                }
            }
        } else if (step == K_END_MOVEMENT) {
            s[L_TO_MOVE] = s[L_ACTIVE];
            s[L_POOL_MODE] = L_PM_IMPROVE;
            for (i64 c = 0; c < NC; c++) s[L_POOL + c] = s[L_COLLECTED + c];
            step = K_ADVANCE;
        } else if (step == K_SHARE_WITH) {
            i64 collected = 0;
            for (i64 c = 0; c < NC; c++) collected += s[L_COLLECTED + c];
            if (arg == s[L_ACTIVE] || s[L_SOLO] || collected == 0) {
                for (i64 c = 0; c < NC; c++) {
                    s[L_SUPPLY + c] += s[L_COLLECTED + c];
                    s[L_COLLECTED + c] = 0;
                }
                step = K_MASTER; arg = s[L_ACTIVE];
            } else {
                s[L_TO_MOVE] = arg;
                s[L_POOL_MODE] = L_PM_SHARE;
                for (i64 c = 0; c < NC; c++) s[L_POOL + c] = s[L_COLLECTED + c];
                step = K_ADVANCE;
            }
        } else if (step == K_MASTER) {
            i64 mastered = 0, left = 0;
            for (i64 t = 0; t < NC; t++) {
                i64 i = L_TRACK + arg * NC + t;
                if (s[i] == P_MASTERY_SPACE) {
                    s[i] = L_MASTERED;
                    mastered++;
                }
                if (s[i] != L_MASTERED) left++;
            }
            s[L_TO_MOVE] = arg;
            s[L_ENSO_LEFT] = mastered;
            if (left == 0) {
                finish(s, (i64)1 << arg);
                step = K_RETURN;
            } else {
                step = K_PLACE_ENSO;
            }
        } else if (step == K_PLACE_ENSO) {
            if (s[L_ENSO_LEFT] && free_points(s, scratch, 0, 1, 0) == 0) {
                s[L_ENSO_REMOVED] += s[L_ENSO_LEFT];
                s[L_ENSO_LEFT] = 0;
            }
            if (s[L_ENSO_LEFT]) {
                s[L_PHASE] = L_PH_MASTER;
                step = K_RETURN;
            } else if (next_player(s, s[L_TO_MOVE]) != s[L_ACTIVE]) {
                arg = next_player(s, s[L_TO_MOVE]);
                step = K_MASTER;
            } else if (s[L_SOLO]) {
                step = K_STOCK;
            } else {
                arg = next_player(s, s[L_ACTIVE]);
                step = K_START_TURN;
            }
        } else if (step == K_STOCK) {
            if (s[L_STOCK] == 0) {
                finish(s, 0);
                step = K_RETURN;
            } else if (free_points(s, scratch, 0, 1, 1)) {
                s[L_PHASE] = L_PH_STOCK;
                s[L_TO_MOVE] = s[L_ACTIVE];
                step = K_RETURN;
            } else {
                s[L_STOCK] -= 1;
                s[L_ENSO_REMOVED] += 1;
                step = K_START_TURN; arg = s[L_ACTIVE];
            }
        } else {
            return; /* unknown continuation: cannot happen */
        }
    }
}

void begin(int64_t *s) { proceed(s, K_BEGIN_INITIATION, 0); }

static inline int in_range(i64 a, i64 lo, i64 hi) { return a >= lo && a < hi; }

/* Whether an action is of the kind the phase takes (the only check: the action must be legal). */
static int fits_phase(i64 phase, i64 a) {
    switch (phase) {
    case L_PH_DRAW: return in_range(a, A_DRAW, A_DRAW + NT);
    case L_PH_PLACE: return in_range(a, A_PLACE, A_NUM_ACTIONS);
    case L_PH_MONK: case L_PH_ENSO_TO: case L_PH_MASTER: case L_PH_STOCK: return in_range(a, A_POINT, A_GATE);
    case L_PH_ADVANCE: return a == A_PASS || in_range(a, A_ADVANCE, A_NUDGE);
    case L_PH_MOVE: return a == A_PASS || in_range(a, A_MOVE, A_ADVANCE) || in_range(a, A_GATE, A_PLACE);
    case L_PH_NUDGE: return in_range(a, A_NUDGE, A_EXCHANGE);
    case L_PH_FOX: return a == A_PASS || in_range(a, A_EXCHANGE, A_PUSH);
    case L_PH_PUSH: return a == A_PASS || in_range(a, A_PUSH, A_DRAW);
    case L_PH_RELOCATE: return a == A_PASS || in_range(a, A_PLACE, A_NUM_ACTIONS);
    case L_PH_ENSO_FROM: return a == A_PASS || in_range(a, A_POINT, A_GATE);
    default: return 0;
    }
}

/* Resolve one decision or chance outcome, in place; the action must be legal. Returns 0, or -1
 * (state untouched) when the action is not even of the kind the phase takes. */
int apply_action(int64_t *s, int64_t action) {
    i64 phase = s[L_PHASE], active = s[L_ACTIVE];
    if (!fits_phase(phase, action)) return -1;
    if (phase == L_PH_DRAW) {
        i64 b = bit(action - A_DRAW);
        s[L_PILE] &= ~b;
        s[L_HAND + s[L_DRAWER]] |= b;
        s[L_DRAWS_LEFT] -= 1;
        if (s[L_DRAWS_LEFT] == 0) proceed(s, K_AFTER_DRAWS, 0);
    } else if (phase == L_PH_PLACE) {
        i64 tile, col, row, r;
        decode_place(action, &tile, &col, &row, &r);
        s[L_HAND + active] &= ~bit(tile);
        place_tile(s, tile, col, row, r);
        s[L_PLACES_LEFT] -= 1;
        s[L_REDRAWN] = 0;
        proceed(s, K_PLACE, 0);
    } else if (phase == L_PH_MONK) {
        i64 pi = action - A_POINT, lotuses[NC];
        s[L_MONK + active] = pi + 1;
        set_bit(s, L_MONKS, pi);
        point_info(s, pi, lotuses, NULL, NULL, NULL);
        for (i64 c = 0; c < NC; c++) s[L_POOL + c] = lotuses[c];
        s[L_TO_MOVE] = active;
        s[L_POOL_MODE] = L_PM_INITIATION;
        proceed(s, K_ADVANCE, 0);
    } else if (phase == L_PH_ADVANCE) {
        if (action == A_PASS) {
            proceed(s, K_AFTER_ADVANCE, 0);
            return 0;
        }
        i64 colour = (action - A_ADVANCE) / NC, t = (action - A_ADVANCE) % NC;
        s[L_TRACK + s[L_TO_MOVE] * NC + t] += 1;
        s[L_POOL + colour] -= 1;
        if (s[L_POOL_MODE] == L_PM_IMPROVE) {
            s[L_COLLECTED + colour] -= 1;
            s[L_SUPPLY + colour] += 1;
        }
        proceed(s, K_ADVANCE, 0);
    } else if (phase == L_PH_MOVE) {
        if (action == A_PASS) {
            proceed(s, K_END_MOVEMENT, 0);
            return 0;
        }
        i64 here = s[L_MONK + active] - 1, there, pay, gate;
        if (action >= A_GATE) {
            there = (action - A_GATE) / A_PAYMENTS;
            pay = (action - A_GATE) % A_PAYMENTS;
            gate = 1;
        } else {
            i64 d = (action - A_MOVE) / A_PAYMENTS;
            pay = (action - A_MOVE) % A_PAYMENTS;
            there = here + STEP[d];
            gate = 0;
        }
        i64 ic = icon(s, pay);
        if (pay != A_FREE) s[L_TRACK + active * NC + pay] -= 1;
        s[L_PEND_GATE] = gate;
        s[L_PEND_FROM] = here + 1;
        s[L_PEND_TO] = there + 1;
        s[L_PEND_PAY] = pay;
        i64 scratch[4];
        if (ic == L_ICON_MOVE_MONK && gen_pushes(s, scratch, 1)) s[L_PHASE] = L_PH_PUSH;
        else if (ic == L_ICON_RELOCATE && gen_relocations(s, scratch, 1)) s[L_PHASE] = L_PH_RELOCATE;
        else if (ic == L_ICON_MOVE_ENSO && gen_enso_sources(s, scratch, 1)) s[L_PHASE] = L_PH_ENSO_FROM;
        else proceed(s, K_ARRIVE, 0);
    } else if (phase == L_PH_NUDGE) {
        s[L_TRACK + active * NC + action - A_NUDGE] += 1;
        proceed(s, K_MASTER, active);
    } else if (phase == L_PH_FOX) {
        if (action == A_PASS) {
            s[L_FOX_LEFT] = 0;
        } else {
            i64 give = (action - A_EXCHANGE) / NC, take = (action - A_EXCHANGE) % NC;
            s[L_COLLECTED + give] -= 1;
            s[L_SUPPLY + give] += 1;
            s[L_SUPPLY + take] -= 1;
            s[L_COLLECTED + take] += 1;
            s[L_FOX_LEFT] -= 1;
        }
        proceed(s, K_FOX, 0);
    } else if (phase == L_PH_PUSH) {
        if (action != A_PASS) {
            i64 player = (action - A_PUSH) / 4, d = (action - A_PUSH) % 4;
            clear_bit(s, L_MONKS, s[L_MONK + player] - 1);
            s[L_MONK + player] += STEP[d];
            set_bit(s, L_MONKS, s[L_MONK + player] - 1);
        }
        proceed(s, K_ARRIVE, 0);
    } else if (phase == L_PH_RELOCATE) {
        if (action != A_PASS) {
            i64 tile, col, row, r;
            decode_place(action, &tile, &col, &row, &r);
            lift_tile(s, tile);
            place_tile(s, tile, col, row, r);
        }
        proceed(s, K_ARRIVE, 0);
    } else if (phase == L_PH_ENSO_FROM) {
        if (action == A_PASS) {
            proceed(s, K_ARRIVE, 0);
        } else {
            s[L_ENSO_FROM] = action - A_POINT + 1;
            s[L_PHASE] = L_PH_ENSO_TO;
        }
    } else if (phase == L_PH_ENSO_TO) {
        clear_bit(s, L_ENSO, s[L_ENSO_FROM] - 1);
        set_bit(s, L_ENSO, action - A_POINT);
        s[L_ENSO_FROM] = L_NONE;
        proceed(s, K_ARRIVE, 0);
    } else if (phase == L_PH_MASTER) {
        set_bit(s, L_ENSO, action - A_POINT);
        s[L_ENSO_LEFT] -= 1;
        proceed(s, K_PLACE_ENSO, 0);
    } else if (phase == L_PH_STOCK) {
        set_bit(s, L_ENSO, action - A_POINT);
        s[L_STOCK] -= 1;
        proceed(s, K_START_TURN, active);
    }
    return 0;
}

/* -- the rest of the common kernel interface ----------------------------------------------------- */

int64_t godo_state_size(void) { return L_SIZE; }
int64_t godo_num_actions(void) { return A_NUM_ACTIONS; }

int64_t current_player(int64_t *s) {
    if (s[L_PHASE] == L_PH_OVER) return S_TERMINAL;
    if (s[L_PHASE] == L_PH_DRAW) return S_CHANCE;
    return s[L_TO_MOVE];
}

int is_terminal(int64_t *s) { return s[L_PHASE] == L_PH_OVER; }

int64_t chance_outcomes(int64_t *s, int64_t *out_a, double *out_p) {
    if (s[L_PHASE] != L_PH_DRAW) return 0;
    i64 n = 0;
    u64 pile = (u64)s[L_PILE];
    i64 total = popcount((i64)pile);
    while (pile) {
        out_a[n] = A_DRAW + ctz((i64)pile);
        out_p[n] = 1.0 / (double)total;
        n++;
        pile &= pile - 1;
    }
    return n;
}

void returns(int64_t *s, double *out) {
    i64 players = s[L_PLAYERS];
    for (i64 p = 0; p < players; p++) out[p] = 0.0;
    i64 winners = s[L_WINNERS];
    if (s[L_PHASE] != L_PH_OVER || winners == 0) return;
    if (s[L_SOLO]) {
        out[0] = 0.5 + 0.05 * (double)imin(s[L_STOCK], 10);
        return;
    }
    double share = 1.0 / (double)popcount(winners);
    for (i64 p = 0; p < players; p++)
        if ((winners >> p) & 1) out[p] = share;
}

/* splitmix64's finalizer (solver/core/rng.py mix64): the generator's output, the hash's mixer. */
static inline u64 mix64(u64 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t next_random(uint64_t *rng) {
    rng[0] += 0x9E3779B97F4A7C15ULL;
    return mix64(rng[0]);
}

int64_t random_below(uint64_t *rng, int64_t n) {
    u64 x = next_random(rng) >> 33;
    if (n <= 0) return 0; /* never asked by the kernel; no division by zero */
    return (i64)(x % (u64)n);
}

static i64 playout(i64 *s, u64 *rng, i64 *out) {
    i64 scratch[8], lotuses[NC];
    i64 steps = 0;
    while (s[L_PHASE] != L_PH_OVER) {
        i64 action;
        if (s[L_PHASE] == L_PH_DRAW) {
            i64 pile = s[L_PILE];
            action = A_DRAW + nth_bit(pile, random_below(rng, popcount(pile)));
        } else {
            i64 n = imin(legal(s, out, L_BUFFER, scratch, lotuses), L_BUFFER);
            if (n <= 0) break; /* a decision with no legal action: a broken position */
            action = out[random_below(rng, n)];
        }
        apply_action(s, action);
        steps++;
    }
    return steps;
}

int64_t random_playout(int64_t *s, uint64_t *rng) {
    i64 *out = (i64 *)malloc(sizeof(i64) * L_BUFFER);
    if (!out) return -1;
    i64 steps = playout(s, rng, out);
    free(out);
    return steps;
}

int random_playouts(const int64_t *tmpl, int64_t n, uint64_t *rng, int64_t *steps, double *results,
                    int64_t players) {
    i64 *out = (i64 *)malloc(sizeof(i64) * (L_BUFFER + L_SIZE));
    if (!out) return -1;
    i64 *s = out + L_BUFFER;
    double ret[L_MAX_PLAYERS];
    for (i64 p = 0; p < L_MAX_PLAYERS; p++) ret[p] = 0.0;
    for (i64 g = 0; g < n; g++) {
        memcpy(s, tmpl, sizeof(i64) * L_SIZE);
        steps[g] = playout(s, rng, out);
        returns(s, ret);
        for (i64 p = 0; p < players; p++) results[g * players + p] = ret[p];
    }
    free(out);
    return 0;
}

void determinize(int64_t *s, int64_t observer, uint64_t *rng) {
    i64 players = s[L_PLAYERS];
    i64 unseen = s[L_PILE];
    for (i64 p = 0; p < players; p++)
        if (p != observer) unseen |= s[L_HAND + p];
    i64 scratch[1];
    int must_fit = s[L_PHASE] == L_PH_PLACE && s[L_ACTIVE] != observer;
    for (int attempt = 0; attempt < 200; attempt++) {
        i64 rest = unseen;
        for (i64 p = 0; p < players; p++) {
            if (p == observer) continue;
            i64 hand = 0, k = popcount(s[L_HAND + p]);
            for (i64 j = 0; j < k; j++) {
                i64 b = bit(nth_bit(rest, random_below(rng, popcount(rest))));
                hand |= b;
                rest &= ~b;
            }
            s[L_HAND + p] = hand;
        }
        s[L_PILE] = rest;
        if (!must_fit || gen_placements(s, s[L_HAND + s[L_ACTIVE]], scratch, 0, 1, -1, -1)) return;
    }
}

/* -- evaluation for the searchers ---------------------------------------------------------------- */

static double journal_steps(const i64 *s, i64 player, double mastery) {
    double total = 0.0;
    for (i64 t = 0; t < NC; t++) {
        i64 pos = track(s, player, t);
        total += pos == L_MASTERED ? 6.0 + mastery : (double)pos;
    }
    return total;
}

/* How many tokens of *pool (a count per colour, 4 bits each) the player's journal can use in one
 * go, own colours first; *pool keeps the rest (kernel.py's _usable). */
static i64 usable(const i64 *s, i64 player, i64 *pool) {
    i64 used = 0, places = 0;
    for (i64 t = 0; t < NC; t++) {
        i64 pos = track(s, player, t);
        places |= (pos == L_MASTERED ? P_MASTERY_SPACE : pos) << (4 * t);
    }
    for (int own = 1; own >= 0; own--) {
        int moved = 1;
        while (moved) {
            moved = 0;
            for (i64 t = 0; t < NC; t++) {
                i64 pos = (places >> (4 * t)) & 15;
                if (pos >= P_MASTERY_SPACE) continue;
                for (i64 c = 0; c < NC; c++) {
                    if ((own && c != t) || ((*pool >> (4 * c)) & 15) == 0) continue;
                    if ((shows(s, t, pos + 1) >> c) & 1) {
                        *pool -= (i64)1 << (4 * c);
                        places += (i64)1 << (4 * t);
                        used++;
                        moved = 1;
                        break;
                    }
                }
            }
        }
    }
    return used;
}

static i64 packed(const i64 *s, i64 base) {
    i64 pool = 0;
    for (i64 c = 0; c < NC; c++) pool |= s[base + c] << (4 * c);
    return pool;
}

/* The worth of the virtue tokens held during a turn, to whoever will use them: the active player
 * what its journal takes, the others what is left (kernel.py's _add_tokens: sharing). */
static void add_tokens(const i64 *s, double worth, double *out) {
    i64 active = s[L_ACTIVE];
    i64 left = packed(s, L_COLLECTED), first = next_player(s, active);
    if (s[L_PHASE] == L_PH_ADVANCE && s[L_POOL_MODE] == L_PM_SHARE) {
        first = s[L_TO_MOVE];
        i64 pool = packed(s, L_POOL);
        out[first] += worth * (double)usable(s, first, &pool);
        first = next_player(s, first);
    } else {
        out[active] += worth * (double)usable(s, active, &left);
    }
    for (i64 p = first; p != active && left; p = next_player(s, p)) {
        i64 pool = left;
        out[p] += worth * (double)usable(s, p, &pool);
    }
}

/* The virtue symbols at the intersections without an Enso token (kernel._open_lotuses). */
static i64 open_lotuses(const i64 *s) {
    i64 total = 0, lotuses[NC];
    for (i64 row = 0; row < L_ROWS; row++) {
        u64 b = (u64)(s[L_POINTS + row] & ~s[L_ENSO + row]);
        while (b) {
            point_info(s, row << ROW_SHIFT | ctz((i64)b), lotuses, NULL, NULL, NULL);
            b &= b - 1;
            for (i64 c = 0; c < NC; c++) total += lotuses[c];
        }
    }
    return total;
}

void heuristic(int64_t *s, const double *params, double *out) {
    if (s[L_PHASE] == L_PH_OVER) {
        returns(s, out);
        return;
    }
    i64 players = s[L_PLAYERS];
    int playing = s[L_STAGE] == L_ST_PLAY;
    if (s[L_SOLO]) {
        double progress = journal_steps(s, 0, 0.0);
        if (playing) {
            for (i64 c = 0; c < NC; c++) progress += params[3] * (double)s[L_COLLECTED + c];
            progress += params[4] * (double)open_lotuses(s);
        }
        double needed = (6.0 * NC - progress) / params[1];
        double margin = (double)s[L_STOCK] - needed;
        double win = 1.0 / (1.0 + exp(-params[2] * margin));
        double m = margin > 0.0 ? margin : 0.0;
        out[0] = win * (0.5 + 0.05 * (m < 10.0 ? m : 10.0));
        return;
    }
    for (i64 p = 0; p < players; p++) out[p] = journal_steps(s, p, params[5]);
    if (playing) add_tokens(s, params[3], out);
    double total = 0.0;
    for (i64 p = 0; p < players; p++) {
        out[p] = exp(params[0] * out[p]);
        total += out[p];
    }
    for (i64 p = 0; p < players; p++) out[p] /= total;
}

/* solver/core/kernel_tools.py extend_hash: each word mixed, folded FNV-1a style, the sum mixed. */
static u64 extend_hash(u64 h, const i64 *s, i64 start, i64 stop) {
    for (i64 i = start; i < stop; i++) h = (h ^ mix64((u64)s[i])) * 0x100000001B3ULL;
    return mix64(h);
}

int64_t state_hash(int64_t *s) {
    u64 h = extend_hash(0xCBF29CE484222325ULL, s, 0, L_CONTENT); /* FNV-1a's offset basis */
    return (i64)extend_hash(h, s, L_PACK_END, L_SIZE);
}
