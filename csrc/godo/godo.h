/* The GODŌ kernel in C99: the numba kernel of solver/games/godo/kernel.py over the same flat
 * int64 state array (solver/games/godo/layout.py, offsets generated into layout.h) and the same
 * action encoding (solver/games/godo/actions.py). Same positions, same action order, same
 * splitmix64 playouts. */
#ifndef GODO_H
#define GODO_H
#include <stdint.h>

int64_t godo_state_size(void);
int64_t godo_num_actions(void);
void begin(int64_t *s);
int64_t legal_actions(int64_t *s, int64_t *out, int64_t cap);
int apply_action(int64_t *s, int64_t action);
int64_t chance_outcomes(int64_t *s, int64_t *out_a, double *out_p);
int64_t current_player(int64_t *s);
int is_terminal(int64_t *s);
void returns(int64_t *s, double *out);
uint64_t next_random(uint64_t *rng);
int64_t random_below(uint64_t *rng, int64_t n);
int64_t random_playout(int64_t *s, uint64_t *rng);
int random_playouts(const int64_t *tmpl, int64_t n, uint64_t *rng, int64_t *steps, double *results,
                    int64_t players);
void determinize(int64_t *s, int64_t observer, uint64_t *rng);
void heuristic(int64_t *s, const double *params, double *out);
int64_t state_hash(int64_t *s);
void place_tile(int64_t *s, int64_t tile, int64_t col, int64_t row, int64_t r);
void lift_tile(int64_t *s, int64_t tile);
int is_connected(int64_t *s);

#endif
