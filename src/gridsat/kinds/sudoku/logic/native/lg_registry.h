/* Every technique the C filter knows, by the Python technique's name. */
#ifndef GRIDSAT_LG_REGISTRY_H
#define GRIDSAT_LG_REGISTRY_H

#include "lg_singles.h"
#include "lg_subsets.h"
#include "lg_fish.h"
#include "lg_single_digit.h"
#include "lg_wings.h"
#include "lg_uniqueness.h"
#include "lg_chains.h"
#include "lg_forcing.h"

typedef int (*lg_fn)(LG *g);

static const struct { const char *name; lg_fn fn; } LG_TECHNIQUES[] = {
    {"full house", lg_full_house},
    {"hidden single (box)", lg_hidden_single_box},
    {"hidden single (line)", lg_hidden_single_line},
    {"direct pointing", lg_direct_pointing},
    {"direct claiming", lg_direct_claiming},
    {"naked single", lg_naked_single},
    {"pointing", lg_pointing},
    {"claiming", lg_claiming},
    {"direct hidden pair", lg_direct_hidden_pair},
    {"direct hidden triple", lg_direct_hidden_triple},
    {"naked pair", lg_naked_pair},
    {"hidden pair", lg_hidden_pair},
    {"naked triple", lg_naked_triple},
    {"hidden triple", lg_hidden_triple},
    {"naked quad", lg_naked_quad},
    {"hidden quad", lg_hidden_quad},
    {"x-wing", lg_x_wing},
    {"swordfish", lg_swordfish},
    {"jellyfish", lg_jellyfish},
    {"turbot fish", lg_turbot_fish},
    {"3 strong links", lg_three_strong_links},
    {"4 strong links", lg_four_strong_links},
    {"5 strong links", lg_five_strong_links},
    {"xy-wing", lg_xy_wing},
    {"xyz-wing", lg_xyz_wing},
    {"w-wing", lg_w_wing},
    {"wxyz-wing", lg_wxyz_wing},
    {"vwxyz-wing", lg_vwxyz_wing},
    {"unique rectangle", lg_unique_rectangle},
    {"bug+1", lg_bug_plus_one},
    {"forcing chain", lg_forcing_chain},
    {"multiple forcing chain", lg_multiple_chains},
    {"nishio forcing chain", lg_nishio},
    {"dynamic forcing chain", lg_dynamic_chains},
};

#define LG_NTECH ((int)(sizeof LG_TECHNIQUES / sizeof LG_TECHNIQUES[0]))

#endif
