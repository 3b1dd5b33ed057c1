/* A fast first look for long puzzles: the exact search of the engine's proof module
 * (fireice_desktop/engine/games/fireice/proof.py), the same rules and the same pruning, in
 * C, so that many positions can be asked for wins in five moves.  It only picks the
 * candidates: make_puzzles.py proves every one of them again with the engine's own search
 * before it ships.
 *
 *     gcc -O2 -o win_finder scripts/win_finder.c
 *
 * Each line read is "ME OPP MS OS MOST LIMIT": the side to move's pegs and the other
 * side's (49-bit bitboards, hole h at bit h: island h / 7, hole h % 7 + 1), the two
 * supplies, the most moves asked about and the most positions to visit.  Each answer is
 * "WIN_IN WINNING_FIRST_MOVES NODES": the fewest moves the side to move needs to force a
 * win (0 if more than MOST) and how many first moves win within that many; "-1 0 NODES"
 * when finding out would visit more than LIMIT positions.
 *
 *     win_finder --who
 *
 * reads the same lines and answers which side wins (see who_wins): make_puzzles.py
 * --alternatives asks it of the position after each other first move of a puzzle.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define HOLES 49
#define FULL ((1ULL << HOLES) - 1)
#define NO_MOVE (-1)

static const int LINES[7][3] = {
    {0, 1, 4}, {0, 2, 6}, {4, 5, 6}, {0, 3, 5}, {4, 3, 2}, {6, 3, 1}, {1, 2, 5},
};
static int line_mask[7];
static int has_line[128];
static int needs[128];
static u64 reach[HOLES];

static void build_tables(void) {
    for (int l = 0; l < 7; l++)
        line_mask[l] = (1 << LINES[l][0]) | (1 << LINES[l][1]) | (1 << LINES[l][2]);
    for (int s = 0; s < 128; s++) {
        has_line[s] = 0;
        needs[s] = 3;
        for (int l = 0; l < 7; l++) {
            if ((s & line_mask[l]) == line_mask[l]) has_line[s] = 1;
            int n = __builtin_popcount(line_mask[l] & ~s);
            if (n < needs[s]) needs[s] = n;
        }
    }
    for (int h = 0; h < HOLES; h++) {
        u64 r = 0;
        for (int d = 0; d < HOLES; d++)
            if (d != h && (d / 7 == h / 7 || d % 7 == h % 7)) r |= 1ULL << d;
        reach[h] = r;
    }
}

static int controlled(u64 pegs) {
    int c = 0;
    for (int i = 0; i < 7; i++)
        if (has_line[(pegs >> (7 * i)) & 127]) c |= 1 << i;
    return c;
}

static int line_after(u64 pegs, int islands, int a, int b) {
    if (has_line[(pegs >> (7 * a)) & 127]) islands |= 1 << a; else islands &= ~(1 << a);
    if (b >= 0) {
        if (has_line[(pegs >> (7 * b)) & 127]) islands |= 1 << b; else islands &= ~(1 << b);
    }
    return has_line[islands];
}

static int has_move(u64 me, u64 opp) {
    u64 empty = ~(me | opp) & FULL;
    while (me) {
        int src = __builtin_ctzll(me);
        me &= me - 1;
        if (reach[src] & empty) return 1;
    }
    return 0;
}

static int out_of_reach(u64 me, int ms, int moves, int replies) {
    int n[7];
    for (int i = 0; i < 7; i++) n[i] = needs[(me >> (7 * i)) & 127];
    int fewest = 99;
    for (int l = 0; l < 7; l++) {
        int s = n[LINES[l][0]] + n[LINES[l][1]] + n[LINES[l][2]];
        if (s < fewest) fewest = s;
    }
    return fewest > moves + (replies < ms ? replies : ms);
}

/* The table: proved facts only, so any entry may be overwritten. */
typedef struct {
    u64 me, opp;
    uint8_t ms, os, won, lost; /* smallest n proved won (0: none), largest n proved not */
    int16_t move, refute;
} Entry;

#define TABLE_BITS 24
static Entry *table;

static Entry *slot(u64 me, u64 opp, int ms, int os) {
    u64 h = me * 0x9E3779B97F4A7C15ULL ^ (opp + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (u64)(ms * 64 + os) * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    Entry *e = &table[h & ((1ULL << TABLE_BITS) - 1)];
    if (e->me != me || e->opp != opp || e->ms != ms || e->os != os) {
        e->me = me; e->opp = opp; e->ms = (uint8_t)ms; e->os = (uint8_t)os;
        e->won = 0; e->lost = 0; e->move = NO_MOVE; e->refute = NO_MOVE;
    }
    return e;
}

static long long nodes, limit;
static int stopped;
static int killer[64];

static int wins(u64 me, u64 opp, int ms, int os, int n);

/* A move (code: src * HOLES + dst) played: the mover's pegs and the other side's after
 * it, the other side's peg dropped into the hole left while it has any. */
typedef struct {
    u64 me, opp;
    int src, dst;
} After;

static After after(u64 me, u64 opp, int os, int code) {
    After a;
    a.src = code / HOLES;
    a.dst = code % HOLES;
    a.me = me ^ (1ULL << a.src) ^ (1ULL << a.dst);
    a.opp = os ? opp | (1ULL << a.src) : opp;
    return a;
}

/* What a move does at once, for the side that played it. */
enum { OPEN, WON, LOST };
static int outcome(After a, int cm, int co, int os) {
    if (line_after(a.me, cm, a.src / 7, a.dst / 7)) return WON; /* a line of islands */
    if (os && line_after(a.opp, co, a.src / 7, -1)) return LOST; /* the dropped peg's line */
    if (!has_move(a.opp, a.me)) return WON; /* the opponent cannot move */
    return OPEN;
}

/* The side to move's moves, each src * HOLES + dst, into out; how many. */
static int moves_of(u64 me, u64 opp, int16_t *out) {
    u64 empty = ~(me | opp) & FULL;
    int count = 0;
    for (u64 pegs = me; pegs; pegs &= pegs - 1) {
        int src = __builtin_ctzll(pegs);
        for (u64 t = reach[src] & empty; t; t &= t - 1)
            out[count++] = (int16_t)(src * HOLES + __builtin_ctzll(t));
    }
    return count;
}

static int wins_at_once(u64 me, u64 opp, int os) {
    nodes++;
    int cm = controlled(me), co = controlled(opp);
    int16_t moves[HOLES * HOLES];
    int count = moves_of(me, opp, moves);
    for (int i = 0; i < count; i++) {
        After a = after(me, opp, os, moves[i]);
        if (outcome(a, cm, co, os) == WON) return 1;
    }
    return 0;
}

static int defended(u64 me, u64 opp, int ms, int os, int n) {
    int new_os = os ? os - 1 : 0;
    u64 empty = ~(me | opp) & FULL;
    if (os) {
        for (u64 pegs = me; pegs; pegs &= pegs - 1) {
            int src = __builtin_ctzll(pegs);
            if ((reach[src] & empty) && out_of_reach(opp | (1ULL << src), new_os, n, n - 1))
                return 1;
        }
    }
    int cm = controlled(me), co = controlled(opp);
    int first = slot(me, opp, ms, os)->refute;
    int16_t replies[HOLES * HOLES];
    int count = moves_of(me, opp, replies);
    for (int i = 1; i < count; i++) { /* the table's refutation first */
        if (replies[i] == first) {
            replies[i] = replies[0];
            replies[0] = (int16_t)first;
            break;
        }
    }
    for (int i = 0; i < count; i++) {
        After a = after(me, opp, os, replies[i]);
        if (line_after(a.me, cm, a.src / 7, a.dst / 7) ||
            (!(os && line_after(a.opp, co, a.src / 7, -1)) &&
             !wins(a.opp, a.me, new_os, ms, n))) {
            if (stopped) return 1;
            slot(me, opp, ms, os)->refute = replies[i];
            return 1;
        }
        if (stopped) return 1;
    }
    return 0;
}

static int search(u64 me, u64 opp, int ms, int os, int n, int first) {
    int cm = controlled(me), co = controlled(opp);
    int new_os = os ? os - 1 : 0;
    int16_t moves[HOLES * HOLES], later[HOLES * HOLES];
    u64 later_me[HOLES * HOLES], later_opp[HOLES * HOLES];
    int count = 0, all = moves_of(me, opp, moves);
    for (int i = 0; i < all; i++) {
        After a = after(me, opp, os, moves[i]);
        int result = outcome(a, cm, co, os);
        if (result == WON) return moves[i];
        if (result == LOST) continue;
        if (!out_of_reach(a.me, ms, n - 1, n - 1)) {
            later[count] = moves[i];
            later_me[count] = a.me;
            later_opp[count] = a.opp;
            count++;
        }
    }
    if (n <= 1) return NO_MOVE;
    /* the table's move first, then the killer */
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < count; i++) {
            int code = later[i];
            int rank = code == first ? 0 : code == killer[n] ? 1 : 2;
            if (rank != pass) continue;
            if (!defended(later_opp[i], later_me[i], new_os, ms, n - 1)) {
                if (stopped) return NO_MOVE;
                killer[n] = code;
                return code;
            }
            if (stopped) return NO_MOVE;
        }
    }
    return NO_MOVE;
}

static int wins(u64 me, u64 opp, int ms, int os, int n) {
    if (stopped) return 0;
    if (n <= 1) return n == 1 && wins_at_once(me, opp, os);
    if (out_of_reach(me, ms, n, n - 1)) return 0;
    Entry *e = slot(me, opp, ms, os);
    if (e->won && e->won <= n) return 1;
    if (n <= e->lost) return 0;
    int first = e->move;
    if (++nodes > limit) { stopped = 1; return 0; }
    int code = search(me, opp, ms, os, n, first);
    if (stopped) return 0;
    e = slot(me, opp, ms, os); /* it may have been overwritten meanwhile */
    if (code != NO_MOVE) {
        if (!e->won || n < e->won) e->won = (uint8_t)n;
        e->move = (int16_t)code;
        return 1;
    }
    if (n > e->lost) e->lost = (uint8_t)n;
    return 0;
}

/* How many first moves win within n (the move itself counted). */
static int winning_moves(u64 me, u64 opp, int ms, int os, int n) {
    int cm = controlled(me), co = controlled(opp);
    int new_os = os ? os - 1 : 0;
    int16_t moves[HOLES * HOLES];
    int found = 0, count = moves_of(me, opp, moves);
    for (int i = 0; i < count; i++) {
        After a = after(me, opp, os, moves[i]);
        int result = outcome(a, cm, co, os);
        if (result == WON) found++;
        else if (result == OPEN && n > 1 && !defended(a.opp, a.me, new_os, ms, n - 1))
            found++;
        if (stopped) return 0;
    }
    return found;
}

/* --who: which side wins, and within how many of its moves.  For n = 1, 2, ... MOST in
 * turn, first whether the side to move wins within n of its moves, then whether the
 * other side does (every reply of the side to move loses within n of the other side's
 * moves); the first found is the answer: "1 N NODES" or "2 N NODES", "0 0 NODES" when
 * neither within MOST, "-1 0 NODES" when finding out would visit more than LIMIT
 * positions.  There are no draws (RULES.md 2), so "2" proves that the side to move
 * cannot win at any length, and "1" that the other side cannot. */
static void who_wins(u64 me, u64 opp, int ms, int os, int most) {
    for (int n = 1; n <= most && !stopped; n++) {
        if (wins(me, opp, ms, os, n)) {
            if (!stopped) { printf("1 %d %lld\n", n, nodes); return; }
            break;
        }
        if (stopped) break;
        if (!defended(me, opp, ms, os, n)) {
            if (!stopped) { printf("2 %d %lld\n", n, nodes); return; }
            break;
        }
    }
    if (stopped) printf("-1 0 %lld\n", nodes);
    else printf("0 0 %lld\n", nodes);
}

int main(int argc, char **argv) {
    int who = argc > 1 && strcmp(argv[1], "--who") == 0;
    build_tables();
    table = calloc(1ULL << TABLE_BITS, sizeof(Entry));
    if (!table) return 1;
    unsigned long long me, opp;
    int ms, os, most;
    long long most_nodes;
    while (scanf("%llu %llu %d %d %d %lld", &me, &opp, &ms, &os, &most, &most_nodes) == 6) {
        nodes = 0; limit = most_nodes; stopped = 0;
        for (int i = 0; i < 64; i++) killer[i] = NO_MOVE;
        if (who) {
            who_wins(me, opp, ms, os, most < 60 ? most : 60);
            fflush(stdout);
            continue;
        }
        int win_in = 0, count = 0;
        for (int n = 1; n <= most && !stopped; n++) {
            if (wins(me, opp, ms, os, n)) { win_in = n; break; }
        }
        if (win_in && !stopped) count = winning_moves(me, opp, ms, os, win_in);
        if (stopped) printf("-1 0 %lld\n", nodes);
        else printf("%d %d %lld\n", win_in, count, nodes);
        fflush(stdout);
    }
    free(table);
    return 0;
}
