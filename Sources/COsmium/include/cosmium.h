// A plain C interface to libosmium (C++), for Swift: every osmium object is handed to callbacks as a C struct
// whose pointers live only during the call, and every C++ exception becomes an error string.
#ifndef COSMIUM_H
#define COSMIUM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One key/value tag (UTF-8, NUL-terminated).
typedef struct cosmium_tag {
    const char *key;
    const char *value;
} cosmium_tag;

/// A node; `located` is 0 when its coordinates are missing or outside the world.
typedef struct cosmium_node {
    int64_t id;
    double latitude;
    double longitude;
    int located;
    const cosmium_tag *tags;
    size_t tag_count;
} cosmium_node;

/// A way with the position of each node it names (`located[i]` is 0 when node `refs[i]` is not in the file).
typedef struct cosmium_way {
    int64_t id;
    const int64_t *refs;
    const double *latitudes;
    const double *longitudes;
    const uint8_t *located;
    size_t ref_count;
    const cosmium_tag *tags;
    size_t tag_count;
} cosmium_way;

/// A multipolygon relation assembled into rings by osmium's area assembler: ring `r` is the points from
/// `ring_ends[r-1]` (or 0) up to `ring_ends[r]`; outer rings and holes alike (drawn even-odd).
typedef struct cosmium_area {
    int64_t relation_id;
    const double *latitudes;
    const double *longitudes;
    size_t point_count;
    const size_t *ring_ends;
    size_t ring_count;
    /// Member ways the file does not hold (the area is drawn from the rest).
    size_t missing_members;
    const cosmium_tag *tags;
    size_t tag_count;
    /// The node id of each point, in the same order.
    const int64_t *node_ids;
} cosmium_area;

/// Counts past which a file is refused (0 means no limit).
typedef struct cosmium_limits {
    /// Nodes named by one way.
    size_t way_refs;
    /// Members of one relation.
    size_t relation_members;
    /// Points of one multipolygon (its distinct member ways' nodes together).
    size_t area_points;
    /// Nodes, ways and relations together, per byte of the file (a decompression bomb is refused).
    size_t objects_per_byte;
    /// Objects always allowed whatever the file's size.
    size_t objects_floor;
    /// Steps osmium's area assembler may take for one multipolygon, as `cosmium_assembly_work` counts them.
    uint64_t area_work;
    /// The same for every multipolygon of the file together.
    uint64_t file_area_work;
} cosmium_limits;

/// Where objects go. A callback returns 0 to go on, anything else to stop the read (result COSMIUM_STOPPED).
/// Nodes come first, then ways, then relations (as counts) and assembled multipolygons.
typedef struct cosmium_handlers {
    void *context;
    int (*node)(void *context, const cosmium_node *node);
    int (*way)(void *context, const cosmium_way *way);
    int (*relation)(void *context, int64_t id, size_t member_count);
    int (*area)(void *context, const cosmium_area *area);
    /// Told, for each multipolygon relation with member ways at hand, the work counted for it (see
    /// `cosmium_assembly_work`) and whether osmium's assembler was run (0 when the rings cannot close). May be NULL.
    int (*assembly)(void *context, int64_t relation_id, uint64_t work, int assembled);
} cosmium_handlers;

enum {
    COSMIUM_OK = 0,
    COSMIUM_ERROR = 1,
    COSMIUM_STOPPED = 2,
    /// A count past one of the limits; the message names the object, its count and the limit.
    COSMIUM_REFUSED = 3,
};

/// How work is counted for one multipolygon of `segments` segments (way node pairs), so that the limits are
/// about steps, not time: one step a segment for the linear pass (ring ends indexed by location), then, only
/// when every ring can close, the pairs of segments osmium compares for crossings (those overlapping in
/// longitude) and the segments it scans to find the ring around each ring.
uint64_t cosmium_assembly_work(uint64_t segments, uint64_t crossing_pairs, uint64_t enclosing_scans);

/// 1 when libosmium's own asserts were compiled in, 0 when not (cosmium.cpp compiles them out: one of them walks
/// a relation's members for each member, 10^10 steps for 100,000 members).
int cosmium_osmium_asserts(void);

/// Reads the open regular file `fd` (not closed here, read from its start) in `format` ("pbf", "osm",
/// "osm.gz", "osm.bz2"); on COSMIUM_ERROR or COSMIUM_REFUSED a message is written to `error`.
int cosmium_read_fd(int fd, const char *format, const cosmium_limits *limits, const cosmium_handlers *handlers,
                    char *error, size_t error_size);

/// The same for bytes in memory (for the fuzzer).
int cosmium_read_memory(const void *data, size_t size, const char *format, const cosmium_limits *limits,
                        const cosmium_handlers *handlers, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
