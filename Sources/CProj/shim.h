#ifndef ARTMAP_CPROJ_SHIM_H
#define ARTMAP_CPROJ_SHIM_H
// PROJ (Debian libproj-dev), for coordinate systems other than longitude/latitude and Web Mercator; imported only
// by the Projection module.
#include <proj.h>

// One position through a transformation, without Swift touching the PJ_COORD union: the result's x and y, and
// PROJ's error number for this call (0 when it went through).
static inline int artmap_proj_forward(PJ *transformation, double x, double y, double *outX, double *outY) {
    proj_errno_reset(transformation);
    PJ_COORD result = proj_trans(transformation, PJ_FWD, proj_coord(x, y, 0, 0));
    *outX = result.xy.x;
    *outY = result.xy.y;
    return proj_errno(transformation);
}
#endif
