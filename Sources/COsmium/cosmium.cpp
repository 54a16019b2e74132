// libosmium behind a C interface (see include/cosmium.h). No C++ exception leaves this file: each entry
// point catches everything and turns it into an error string.
#include "cosmium.h"

// libosmium's asserts are for its own development, and some are not cheap: MembersDatabase::add checks each
// member's index against its relation's member count, which it counts by walking the members, so a relation
// of 100,000 member ways cost 10^10 steps (20 s) in a build without NDEBUG. artmap relies on none of them.
#ifndef NDEBUG
#define NDEBUG 1
#endif

#include <osmium/area/assembler.hpp>
#include <osmium/builder/osm_object_builder.hpp>
#include <osmium/handler.hpp>
#include <osmium/handler/node_locations_for_ways.hpp>
#include <osmium/index/map.hpp>
#include <osmium/io/any_input.hpp>
#include <osmium/relations/manager_util.hpp>
#include <osmium/relations/relations_manager.hpp>
#include <osmium/visitor.hpp>

#include <protozero/pbf_reader.hpp>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

/// Thrown to unwind osmium when a callback asks to stop.
struct Stopped {};

/// A count past one of the limits: the message names the object, the count and the limit.
struct Refusal : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string grouped(uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

void fill_tags(const osmium::TagList &list, std::vector<cosmium_tag> &out) {
    out.clear();
    for (const auto &tag : list) out.push_back(cosmium_tag{tag.key(), tag.value()});
}

void check_callback(int rc) {
    if (rc != 0) throw Stopped{};
}

/// The work osmium's area assembler would do on some member ways, counted in linear time before it runs: its
/// crossing check compares each segment with every later one (in its sort order) that starts within the first's
/// longitude range, and each ring it closes scans the segments before the ring's first one for an enclosing
/// ring. Both are quadratic in the worst case (100,000 unconnected members took 20 s).
struct AssemblyEstimate {
    uint64_t segments = 0;
    uint64_t crossing_pairs = 0;
    uint64_t enclosing_scans = 0;
    /// False when some ring cannot close (a location is the end of an odd number of member ways): osmium
    /// then makes no area (an open ring), which is known without running it.
    bool closable = true;
    /// False when a member way has a node the file does not hold (osmium throws invalid_location: no area).
    bool located = true;

    uint64_t work() const { return cosmium_assembly_work(segments, crossing_pairs, enclosing_scans); }

    static uint64_t key(const osmium::Location &location) {
        return uint64_t(uint32_t(location.x())) << 32 | uint32_t(location.y());
    }

    explicit AssemblyEstimate(const std::vector<const osmium::Way *> &ways) {
        // Ring ends by location (osmium joins rings where locations meet): an odd count is an open ring.
        std::unordered_map<uint64_t, uint32_t> ends;
        ends.reserve(ways.size() * 2);
        std::unordered_map<uint64_t, uint32_t> component_of;  // end location -> union-find element
        std::vector<uint32_t> parent;
        auto find = [&parent](uint32_t a) {
            while (parent[a] != a) a = parent[a] = parent[parent[a]];
            return a;
        };
        auto element = [&](uint64_t k) {
            auto it = component_of.find(k);
            if (it != component_of.end()) return it->second;
            const uint32_t e = uint32_t(parent.size());
            parent.push_back(e);
            component_of.emplace(k, e);
            return e;
        };
        struct Segment { int32_t x1, y1, x2, y2; uint32_t element; };
        std::vector<Segment> list;
        for (const osmium::Way *way : ways) {
            const auto &nodes = way->nodes();
            if (nodes.empty()) continue;
            for (const auto &ref : nodes) {
                if (!ref.location().valid()) { located = false; return; }
            }
            const uint64_t first = key(nodes.front().location()), last = key(nodes.back().location());
            ++ends[first];
            ++ends[last];
            const uint32_t a = find(element(first)), b = find(element(last));
            if (a != b) parent[b] = a;
            for (size_t i = 1; i < nodes.size(); ++i) {
                auto p = nodes[i - 1].location(), q = nodes[i].location();
                if (p == q) continue;
                if (q < p) std::swap(p, q);
                list.push_back(Segment{p.x(), p.y(), q.x(), q.y(), element(first)});
            }
            ++segments;  // the way's pass, whatever its length below
        }
        segments += list.size();
        for (const auto &end : ends) {
            if (end.second % 2 != 0) { closable = false; return; }
        }
        // osmium's order: by first location (x, then y), then by second.
        std::sort(list.begin(), list.end(), [](const Segment &l, const Segment &r) {
            return std::tie(l.x1, l.y1, l.x2, l.y2) < std::tie(r.x1, r.y1, r.x2, r.y2);
        });
        std::vector<int32_t> starts(list.size());
        for (size_t i = 0; i < list.size(); ++i) starts[i] = list[i].x1;
        std::unordered_set<uint32_t> rings;
        for (size_t i = 0; i < list.size(); ++i) {
            const size_t reach = size_t(std::upper_bound(starts.begin() + long(i) + 1, starts.end(), list[i].x2) - starts.begin());
            crossing_pairs += reach - i - 1;
            // A ring's first segment in this order is where its scan for an enclosing ring starts.
            if (rings.insert(find(list[i].element)).second) enclosing_scans += i;
        }
    }
};

/// Multipolygon relations, assembled by osmium's area assembler once all their member ways have been read
/// (and, at the end, those whose members are partly outside the file, from the members it holds). A way
/// named twice by one relation is taken once, and a relation is bounded by its member and point counts.
class Multipolygons : public osmium::relations::RelationsManager<Multipolygons, false, true, false> {
    const cosmium_limits &m_limits;
    const cosmium_handlers &m_handlers;
    std::unordered_set<osmium::object_id_type> m_seen;
    osmium::area::AssemblerConfig m_config;
    std::vector<double> m_lats, m_lons;
    std::vector<int64_t> m_ids;
    std::vector<size_t> m_ends;
    std::vector<cosmium_tag> m_tags;
    uint64_t m_file_work = 0;

    void add_ring(const osmium::NodeRefList &ring) {
        for (const auto &ref : ring) {
            m_ids.push_back(ref.ref());
            m_lats.push_back(ref.location().lat_without_check());
            m_lons.push_back(ref.location().lon_without_check());
        }
        m_ends.push_back(m_lats.size());
    }

    void assemble(const osmium::Relation &relation, size_t missing) {
        // The assembler pairs the relation's way members with `ways` one to one, so it is given a copy of the
        // relation holding exactly the ways at hand (each once).
        std::vector<const osmium::Way *> ways;
        size_t points = 0;
        osmium::memory::Buffer copy_buffer{1024, osmium::memory::Buffer::auto_grow::yes};
        {
            osmium::builder::RelationBuilder builder{copy_buffer};
            builder.set_id(relation.id());
            builder.add_item(relation.tags());
            osmium::builder::RelationMemberListBuilder members{builder};
            for (const auto &member : relation.members()) {
                if (member.ref() == 0 || member.type() != osmium::item_type::way) continue;
                const osmium::Way *way = get_member_way(member.ref());
                if (way == nullptr) continue;
                ways.push_back(way);
                members.add_member(osmium::item_type::way, member.ref(), member.role());
                points += way->nodes().size();
                if (m_limits.area_points != 0 && points > m_limits.area_points) {
                    throw Refusal{"relation/" + std::to_string(relation.id()) + " has more than " + grouped(m_limits.area_points) +
                                  " points in its member ways, more than artmap reads in one multipolygon"};
                }
            }
        }
        copy_buffer.commit();
        const auto &copy = copy_buffer.get<osmium::Relation>(0);
        if (ways.empty() || m_handlers.area == nullptr) return;
        // Counted before osmium runs: rings that cannot close are known to make no area, and the rest is
        // assembled only within the budgets.
        const AssemblyEstimate estimate{ways};
        const bool assemble = estimate.located && estimate.closable;
        const uint64_t work = assemble ? estimate.work() : cosmium_assembly_work(estimate.segments, 0, 0);
        m_file_work += work;
        if (m_handlers.assembly != nullptr) {
            check_callback(m_handlers.assembly(m_handlers.context, relation.id(), work, assemble ? 1 : 0));
        }
        if (assemble && m_limits.area_work != 0 && work > m_limits.area_work) {
            throw Refusal{"relation/" + std::to_string(relation.id()) + " would take " + grouped(work) + " steps to assemble (" +
                          grouped(estimate.segments) + " segments, many overlapping), more than artmap spends on one multipolygon (" +
                          grouped(m_limits.area_work) + ")"};
        }
        if (m_limits.file_area_work != 0 && m_file_work > m_limits.file_area_work) {
            throw Refusal{"the multipolygons up to relation/" + std::to_string(relation.id()) + " would take more than " +
                          grouped(m_limits.file_area_work) + " steps to assemble, more than artmap spends on one file"};
        }
        if (!assemble) return;
        osmium::memory::Buffer out{1024, osmium::memory::Buffer::auto_grow::yes};
        try {
            osmium::area::Assembler assembler{m_config};
            assembler(copy, ways, out);
        } catch (const osmium::invalid_location &) {
            return;  // a member way with a node outside the file: no geometry, as osmium export does
        }
        for (const auto &area : out.select<osmium::Area>()) {
            m_lats.clear();
            m_lons.clear();
            m_ids.clear();
            m_ends.clear();
            for (const auto &outer : area.outer_rings()) {
                add_ring(outer);
                for (const auto &inner : area.inner_rings(outer)) add_ring(inner);
            }
            if (m_ends.empty()) continue;
            fill_tags(relation.tags(), m_tags);
            cosmium_area c{relation.id(), m_lats.data(), m_lons.data(), m_lats.size(), m_ends.data(), m_ends.size(), missing,
                           m_tags.data(), m_tags.size(), m_ids.data()};
            check_callback(m_handlers.area(m_handlers.context, &c));
        }
    }

public:
    Multipolygons(const cosmium_limits &limits, const cosmium_handlers &handlers) : m_limits(limits), m_handlers(handlers) {
        m_config.create_empty_areas = false;
    }

    bool new_relation(const osmium::Relation &relation) {
        const char *type = relation.tags()["type"];
        if (type == nullptr || std::strcmp(type, "multipolygon") != 0) return false;
        if (m_limits.relation_members != 0 && relation.members().size() > m_limits.relation_members) {
            throw Refusal{"relation/" + std::to_string(relation.id()) + " has " + grouped(relation.members().size()) +
                          " members, more than artmap reads in one relation (" + grouped(m_limits.relation_members) + ")"};
        }
        m_seen.clear();
        for (const auto &member : relation.members()) {
            if (member.type() == osmium::item_type::way) return true;
        }
        return false;
    }

    bool new_member(const osmium::Relation &, const osmium::RelationMember &member, std::size_t) {
        return member.type() == osmium::item_type::way && m_seen.insert(member.ref()).second;
    }

    void complete_relation(const osmium::Relation &relation) { assemble(relation, 0); }

    /// Assembles the relations still waiting for members the file does not hold.
    void finish() {
        for_each_incomplete_relation([this](const osmium::relations::RelationHandle &handle) {
            size_t missing = 0;
            for (const auto &member : handle->members()) {
                if (member.ref() != 0 && member.type() == osmium::item_type::way && get_member_way(member.ref()) == nullptr) ++missing;
            }
            assemble(*handle, missing);
        });
    }
};

/// Objects read so far against what a file of this size may hold.
class ObjectCount {
    uint64_t m_objects = 0;
    uint64_t m_allowed;
    size_t m_per_byte;

public:
    ObjectCount(const cosmium_limits &limits, uint64_t file_size) : m_per_byte(limits.objects_per_byte) {
        m_allowed = limits.objects_per_byte == 0 ? UINT64_MAX : limits.objects_floor + file_size * limits.objects_per_byte;
    }

    /// Counts `n` objects at once (a block's, before it is decoded).
    void add(uint64_t n) {
        m_objects += n;
        if (m_objects > m_allowed) refuse();
    }

    void count() {
        if (++m_objects > m_allowed) refuse();
    }

    [[noreturn]] void refuse() const {
        throw Refusal{"more than " + grouped(m_allowed) + " objects in a file of this size (" + grouped(m_per_byte) +
                      " a byte at most): a damaged or crafted file"};
    }
};

/// Only counts (the first pass over compressed XML, which would otherwise parse a bomb whole before the
/// second pass could count it).
class Counter : public osmium::handler::Handler {
    ObjectCount m_count;

public:
    Counter(const cosmium_limits &limits, uint64_t file_size) : m_count(limits, file_size) {}
    void node(const osmium::Node &) { m_count.count(); }
    void way(const osmium::Way &) { m_count.count(); }
    void relation(const osmium::Relation &) { m_count.count(); }
};

/// Hands nodes, ways and relations to the callbacks, checking the counts on the way.
class Forwarder : public osmium::handler::Handler {
    const cosmium_limits &m_limits;
    const cosmium_handlers &m_handlers;
    ObjectCount m_count;
    std::vector<cosmium_tag> m_tags;
    std::vector<int64_t> m_refs;
    std::vector<double> m_lats, m_lons;
    std::vector<uint8_t> m_located;

    void count() { m_count.count(); }

public:
    Forwarder(const cosmium_limits &limits, const cosmium_handlers &handlers, uint64_t file_size)
        : m_limits(limits), m_handlers(handlers), m_count(limits, file_size) {}

    void node(const osmium::Node &node) {
        count();
        if (m_handlers.node == nullptr) return;
        fill_tags(node.tags(), m_tags);
        const auto location = node.location();
        const bool located = location.valid();
        cosmium_node c{node.id(), located ? location.lat_without_check() : 0, located ? location.lon_without_check() : 0,
                       located ? 1 : 0, m_tags.data(), m_tags.size()};
        check_callback(m_handlers.node(m_handlers.context, &c));
    }

    void way(const osmium::Way &way) {
        count();
        const auto &nodes = way.nodes();
        if (m_limits.way_refs != 0 && nodes.size() > m_limits.way_refs) {
            throw Refusal{"way/" + std::to_string(way.id()) + " names " + grouped(nodes.size()) +
                          " nodes, more than artmap reads in one way (" + grouped(m_limits.way_refs) + ")"};
        }
        if (m_handlers.way == nullptr) return;
        m_refs.clear();
        m_lats.clear();
        m_lons.clear();
        m_located.clear();
        for (const auto &ref : nodes) {
            const auto location = ref.location();
            const bool located = location.valid();
            m_refs.push_back(ref.ref());
            m_lats.push_back(located ? location.lat_without_check() : 0);
            m_lons.push_back(located ? location.lon_without_check() : 0);
            m_located.push_back(located ? 1 : 0);
        }
        fill_tags(way.tags(), m_tags);
        cosmium_way c{way.id(), m_refs.data(), m_lats.data(), m_lons.data(), m_located.data(), m_refs.size(), m_tags.data(), m_tags.size()};
        check_callback(m_handlers.way(m_handlers.context, &c));
    }

    void relation(const osmium::Relation &relation) {
        count();
        if (m_limits.relation_members != 0 && relation.members().size() > m_limits.relation_members) {
            throw Refusal{"relation/" + std::to_string(relation.id()) + " has " + grouped(relation.members().size()) +
                          " members, more than artmap reads in one relation (" + grouped(m_limits.relation_members) + ")"};
        }
        if (m_handlers.relation == nullptr) return;
        check_callback(m_handlers.relation(m_handlers.context, relation.id(), relation.members().size()));
    }
};

/// What one PBF block may build in osmium's memory, estimated from its counts before osmium decodes it. The
/// format bounds a block's bytes (32 MiB uncompressed, checked from the blob's header), not its objects: writers
/// put 8,000 objects in a block (osmium) or a few hundred thousand (osmconvert: 320,720 nodes in 4 MB), and a
/// block of zero deltas packs three bytes a node, 11 million nodes in 32 MiB. So the bound is in bytes: about
/// 64 a node or object, 16 a way's node or relation's member; 256 MiB, four million plain nodes.
constexpr uint64_t block_built_limit = 256ull * 1024 * 1024;
constexpr uint64_t built_per_object = 64, built_per_ref = 16;

/// Bytes from a file or from memory, read at an offset.
struct Source {
    int fd = -1;
    const char *data = nullptr;
    size_t size = 0;

    /// Reads up to `length` bytes at `offset` into `out`; returns how many it read.
    size_t read(uint64_t offset, size_t length, std::string &out) const {
        out.resize(length);
        if (data != nullptr) {
            if (offset >= size) return 0;
            const size_t n = std::min<uint64_t>(length, size - offset);
            std::memcpy(&out[0], data + offset, n);
            return n;
        }
        size_t done = 0;
        while (done < length) {
            const ssize_t n = ::pread(fd, &out[done], length - done, static_cast<off_t>(offset + done));
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) throw std::runtime_error{std::string{"read error: "} + std::strerror(errno)};
            if (n == 0) break;
            done += static_cast<size_t>(n);
        }
        return done;
    }
};

size_t varint_count(protozero::data_view view) {
    size_t count = 0;
    for (size_t i = 0; i < view.size(); ++i) {
        if ((static_cast<unsigned char>(view.data()[i]) & 0x80) == 0) ++count;
    }
    return count;
}

/// Counts what one PrimitiveBlock holds without building it, refusing a block, way or relation past its limit;
/// returns the block's objects.
size_t count_block(protozero::data_view block, const cosmium_limits &limits) {
    size_t objects = 0;
    uint64_t built = 0;
    protozero::pbf_reader message{block};
    while (message.next()) {
        if (message.tag() == 1 && message.wire_type() == protozero::pbf_wire_type::length_delimited) {
            // osmium keeps strings with their length but walks tags up to each NUL: a NUL inside a string
            // sends that walk past the end of the tag list.
            protozero::pbf_reader table = message.get_message();
            while (table.next()) {
                if (table.tag() != 1 || table.wire_type() != protozero::pbf_wire_type::length_delimited) {
                    table.skip();
                    continue;
                }
                const auto string = table.get_view();
                if (std::memchr(string.data(), 0, string.size()) != nullptr) {
                    throw osmium::pbf_error{"a string in the string table holds a NUL byte"};
                }
            }
            continue;
        }
        if (message.tag() != 2 || message.wire_type() != protozero::pbf_wire_type::length_delimited) {
            message.skip();
            continue;
        }
        protozero::pbf_reader group = message.get_message();
        while (group.next()) {
            if (group.wire_type() != protozero::pbf_wire_type::length_delimited) {
                group.skip();
                continue;
            }
            const auto tag = group.tag();
            protozero::pbf_reader item = group.get_message();
            if (tag == 1) {
                ++objects;  // a plain node
                built += built_per_object;
            } else if (tag == 2) {  // dense nodes: as many as ids
                while (item.next(1, protozero::pbf_wire_type::length_delimited)) {
                    const size_t n = varint_count(item.get_view());
                    objects += n;
                    built += n * built_per_object;
                }
            } else if (tag == 3 || tag == 4) {  // a way (refs) or a relation (member ids)
                ++objects;
                const uint32_t listed = tag == 3 ? 8 : 9;
                const size_t limit = tag == 3 ? limits.way_refs : limits.relation_members;
                int64_t id = 0;
                size_t n = 0;
                while (item.next()) {
                    if (item.tag() == 1 && item.wire_type() == protozero::pbf_wire_type::varint) id = item.get_int64();
                    else if (item.tag() == listed && item.wire_type() == protozero::pbf_wire_type::length_delimited) n += varint_count(item.get_view());
                    else item.skip();
                }
                built += built_per_object + n * built_per_ref;
                if (limit != 0 && n > limit) {
                    throw Refusal{(tag == 3 ? "way/" : "relation/") + std::to_string(id) +
                                  (tag == 3 ? " names " + grouped(n) + " nodes, more than artmap reads in one way ("
                                            : " has " + grouped(n) + " members, more than artmap reads in one relation (") +
                                  grouped(limit) + ")"};
                }
            }
            if (built > block_built_limit) {
                throw Refusal{"a PBF block would take more than " + grouped(block_built_limit / (1024 * 1024)) + " MB once decoded (" +
                              grouped(objects) + " objects and counting), more than artmap lets one block take"};
            }
        }
    }
    return objects;
}

/// Walks every blob of a PBF file before osmium reads it, inflating each in turn into one buffer, so the
/// counts are known before anything is built. It reads the framing as osmium does (first blob the header,
/// every later one data, whatever its type says) and refuses whatever it cannot follow, so osmium never
/// decodes a block this walk has not counted.
void prescan_pbf(const Source &source, uint64_t file_size, const cosmium_limits &limits) {
    // The whole file's objects, counted before osmium decodes any block (the same bound the readers check).
    ObjectCount objects{limits, file_size};
    constexpr uint32_t header_limit = 64 * 1024;
    constexpr int32_t blob_limit = 32 * 1024 * 1024;
    std::string bytes, inflated;
    uint64_t offset = 0;
    for (uint64_t index = 0;; ++index) {
        const size_t got = source.read(offset, 4, bytes);
        if (got == 0) return;
        if (got < 4) throw osmium::pbf_error{"truncated data (EOF encountered)"};
        const auto *b = reinterpret_cast<const unsigned char *>(bytes.data());
        const uint32_t header_size = uint32_t(b[0]) << 24 | uint32_t(b[1]) << 16 | uint32_t(b[2]) << 8 | uint32_t(b[3]);
        offset += 4;
        if (header_size > header_limit) throw osmium::pbf_error{"invalid BlobHeader size (> max_blob_header_size)"};
        if (source.read(offset, header_size, bytes) < header_size) throw osmium::pbf_error{"truncated data (EOF encountered)"};
        offset += header_size;
        int32_t data_size = 0;
        protozero::pbf_reader header{bytes.data(), bytes.size()};
        while (header.next()) {
            if (header.tag() == 3 && header.wire_type() == protozero::pbf_wire_type::varint) data_size = header.get_int32();
            else header.skip();
        }
        if (data_size <= 0 || data_size > blob_limit) throw osmium::pbf_error{"invalid blob size"};
        if (source.read(offset, static_cast<size_t>(data_size), bytes) < static_cast<size_t>(data_size)) {
            throw osmium::pbf_error{"truncated data (EOF encountered)"};
        }
        offset += static_cast<uint64_t>(data_size);
        if (index == 0) continue;  // the OSMHeader blob
        protozero::data_view compressed;
        bool zlib = false;
        bool counted = false;
        int32_t raw_size = 0;
        protozero::pbf_reader blob{bytes.data(), bytes.size()};
        while (!counted && blob.next()) {
            const auto wire = blob.wire_type();
            switch (blob.tag()) {
                case 1:  // raw: osmium takes the first one it meets
                    if (wire != protozero::pbf_wire_type::length_delimited) { blob.skip(); break; }
                    objects.add(count_block(blob.get_view(), limits));
                    counted = true;
                    break;
                case 2:
                    if (wire != protozero::pbf_wire_type::varint) { blob.skip(); break; }
                    raw_size = blob.get_int32();
                    if (raw_size <= 0 || raw_size > blob_limit) throw osmium::pbf_error{"illegal blob size"};
                    break;
                case 3:
                    if (wire != protozero::pbf_wire_type::length_delimited) { blob.skip(); break; }
                    compressed = blob.get_view();
                    zlib = true;
                    break;
                default:
                    blob.skip();  // other compressions: osmium refuses them
            }
        }
        if (counted) continue;
        if (!zlib) continue;  // no data (osmium: "blob contains no data") or a compression osmium refuses
        inflated.resize(static_cast<size_t>(raw_size));
        uLongf length = static_cast<uLongf>(raw_size);
        if (raw_size <= 0 ||
            ::uncompress(reinterpret_cast<Bytef *>(&inflated[0]), &length, reinterpret_cast<const Bytef *>(compressed.data()),
                         static_cast<uLong>(compressed.size())) != Z_OK) {
            throw osmium::pbf_error{"a compressed block does not inflate"};
        }
        objects.add(count_block(protozero::data_view{inflated.data(), length}, limits));
    }
}

/// Node locations for ways in 12 bytes a node, grown a chunk at a time: osmium's FlexMem keeps a sparse file's
/// nodes in one vector of 16-byte entries that doubles as it grows (up to 32 bytes a node, and both copies at
/// once while it moves), the larger part of an import's peak. Ids as the file gives them in order go into
/// chunks of `chunk_size` entries, each a base id with 32-bit offsets beside the locations; a lookup finds the
/// chunk, then the offset, by binary search. A file whose ids are not in order (JOSM's negative ids) is
/// sorted once when the first way needs a location.
class CompactLocations : public osmium::index::map::Map<osmium::unsigned_object_id_type, osmium::Location> {
    static constexpr uint32_t chunk_size = 1u << 16;

    struct Chunk {
        uint64_t base = 0;
        uint32_t count = 0;
        std::unique_ptr<uint32_t[]> offsets{new uint32_t[chunk_size]};
        std::unique_ptr<osmium::Location[]> values{new osmium::Location[chunk_size]};
        uint64_t last() const { return base + offsets[count - 1]; }
    };

    std::vector<Chunk> m_chunks;
    std::vector<std::pair<uint64_t, osmium::Location>> m_loose;
    size_t m_size = 0;
    bool m_sorted = true;

    void append(uint64_t id, const osmium::Location &value) {
        if (m_chunks.empty() || m_chunks.back().count == chunk_size || id - m_chunks.back().base > UINT32_MAX) {
            m_chunks.emplace_back();
            m_chunks.back().base = id;
        }
        Chunk &chunk = m_chunks.back();
        chunk.offsets[chunk.count] = static_cast<uint32_t>(id - chunk.base);
        chunk.values[chunk.count] = value;
        ++chunk.count;
        ++m_size;
    }

public:
    void set(const osmium::unsigned_object_id_type id, const osmium::Location value) final {
        if (m_sorted && !m_chunks.empty() && id == m_chunks.back().last()) {
            // The same node again at once (a file with history, extracts merged without removing duplicates):
            // the later wins, in place. osmium asks for `sort` only when an id goes down, never for a repeat.
            m_chunks.back().values[m_chunks.back().count - 1] = value;
            return;
        }
        if (m_sorted && !m_chunks.empty() && id < m_chunks.back().last()) m_sorted = false;
        // Out of order: kept as it comes until `sort`.
        if (!m_sorted) m_loose.emplace_back(id, value);
        else append(id, value);
    }

    osmium::Location get_noexcept(const osmium::unsigned_object_id_type id) const noexcept final {
        auto after = std::upper_bound(m_chunks.begin(), m_chunks.end(), id, [](uint64_t value, const Chunk &chunk) { return value < chunk.base; });
        if (after == m_chunks.begin()) return osmium::Location{};
        const Chunk &chunk = *(after - 1);
        if (id - chunk.base > UINT32_MAX) return osmium::Location{};
        const uint32_t offset = static_cast<uint32_t>(id - chunk.base);
        const uint32_t *begin = chunk.offsets.get(), *end = begin + chunk.count;
        const uint32_t *found = std::lower_bound(begin, end, offset);
        if (found == end || *found != offset) return osmium::Location{};
        return chunk.values[found - begin];
    }

    osmium::Location get(const osmium::unsigned_object_id_type id) const final {
        const osmium::Location location = get_noexcept(id);
        if (!location.valid()) throw osmium::not_found{"node " + std::to_string(id) + " has no location"};
        return location;
    }

    size_t size() const final { return m_size + m_loose.size(); }

    size_t used_memory() const final { return m_chunks.size() * (sizeof(Chunk) + chunk_size * (sizeof(uint32_t) + sizeof(osmium::Location))); }

    void clear() final {
        m_chunks.clear();
        m_loose.clear();
        m_size = 0;
        m_sorted = true;
    }

    /// Puts ids that came out of order into order (the last of a repeated id wins, as osmium's own maps).
    void sort() final {
        if (m_sorted) return;
        // In the order they came (every entry in chunks came before the first out of order), so the last of
        // a repeated id is the one kept.
        struct Entry {
            uint64_t id;
            size_t order;
            osmium::Location value;
        };
        std::vector<Entry> all;
        all.reserve(size());
        for (const Chunk &chunk : m_chunks) {
            for (uint32_t i = 0; i < chunk.count; ++i) all.push_back(Entry{chunk.base + chunk.offsets[i], all.size(), chunk.values[i]});
        }
        for (const auto &loose : m_loose) all.push_back(Entry{loose.first, all.size(), loose.second});
        std::sort(all.begin(), all.end(), [](const Entry &a, const Entry &b) { return a.id != b.id ? a.id < b.id : a.order < b.order; });
        clear();
        for (size_t i = 0; i < all.size(); ++i) {
            if (i + 1 < all.size() && all[i + 1].id == all[i].id) continue;
            append(all[i].id, all[i].value);
        }
    }
};

using Index = CompactLocations;
using Locations = osmium::handler::NodeLocationsForWays<Index, Index>;

/// Both passes: relations first (which multipolygons need which ways), then everything in file order.
void read(const osmium::io::File &file, const Source &source, uint64_t size, const cosmium_limits &limits, const cosmium_handlers &handlers) {
    if (file.format() == osmium::io::file_format::pbf) prescan_pbf(source, size, limits);
    Multipolygons multipolygons{limits, handlers};
    {
        // Relations first. Compressed XML is counted whole in this pass too: its parser reads every element
        // even when it builds only relations, so a small .osm.gz of millions of nodes is refused here.
        const bool compressed_xml = file.format() == osmium::io::file_format::xml && file.compression() != osmium::io::file_compression::none;
        osmium::io::Reader reader{file, compressed_xml ? osmium::osm_entity_bits::nwr : osmium::osm_entity_bits::relation,
                                  osmium::io::read_meta::no};
        Counter counter{limits, size};
        if (compressed_xml) osmium::apply(reader, counter, multipolygons);
        else osmium::apply(reader, multipolygons);
        reader.close();
        multipolygons.prepare_for_lookup();
    }
    Index positive, negative;
    Locations locations{positive, negative};
    locations.ignore_errors();
    Forwarder forwarder{limits, handlers, size};
    osmium::io::Reader reader{file, osmium::io::read_meta::no};
    osmium::apply(reader, locations, forwarder, multipolygons.handler());
    reader.close();
    multipolygons.finish();
}

void copy_error(const std::string &message, char *error, size_t error_size) {
    if (error == nullptr || error_size == 0) return;
    std::snprintf(error, error_size, "%s", message.c_str());
}

/// Runs `body`, turning whatever it throws into a result code and a message.
template <typename Body>
int guarded(Body &&body, char *error, size_t error_size) {
    try {
        body();
        return COSMIUM_OK;
    } catch (const Stopped &) {
        return COSMIUM_STOPPED;
    } catch (const Refusal &refusal) {
        copy_error(refusal.what(), error, error_size);
        return COSMIUM_REFUSED;
    } catch (const osmium::out_of_order_error &e) {
        // The multipolygon pass needs objects in id order, as osmium and the OpenStreetMap servers write them.
        copy_error(std::string{e.what()} + "; sort the file first (osmium sort FILE -o SORTED.osm.pbf)", error, error_size);
    } catch (const osmium::pbf_error &e) {
        copy_error(e.what(), error, error_size);
    } catch (const osmium::xml_error &e) {
        copy_error(e.what(), error, error_size);
    } catch (const std::bad_alloc &) {
        copy_error("not enough memory to read it", error, error_size);
    } catch (const std::exception &e) {
        copy_error(e.what(), error, error_size);
    } catch (...) {
        copy_error("unknown error while reading", error, error_size);
    }
    return COSMIUM_ERROR;
}

/// The file behind `fd` for osmium: /proc/self/fd/N opens the very file `fd` holds open, whatever its
/// name now points to.
std::string descriptor_path(int fd) { return "/proc/self/fd/" + std::to_string(fd); }

cosmium_limits no_limits() { return cosmium_limits{0, 0, 0, 0, 0, 0, 0}; }

}  // namespace

extern "C" int cosmium_osmium_asserts(void) {
#ifdef NDEBUG
    return 0;
#else
    return 1;
#endif
}

extern "C" uint64_t cosmium_assembly_work(uint64_t segments, uint64_t crossing_pairs, uint64_t enclosing_scans) {
    return segments + crossing_pairs + enclosing_scans;
}

extern "C" int cosmium_read_fd(int fd, const char *format, const cosmium_limits *limits, const cosmium_handlers *handlers,
                               char *error, size_t error_size) {
    return guarded([&] {
        struct stat status;
        if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) throw std::runtime_error{"not a regular file"};
        const cosmium_handlers none{};
        const cosmium_limits open = no_limits();
        osmium::io::File file{descriptor_path(fd), format == nullptr ? "" : format};
        Source source;
        source.fd = fd;
        read(file, source, static_cast<uint64_t>(status.st_size), limits ? *limits : open, handlers ? *handlers : none);
    }, error, error_size);
}

extern "C" int cosmium_read_memory(const void *data, size_t size, const char *format, const cosmium_limits *limits,
                                   const cosmium_handlers *handlers, char *error, size_t error_size) {
    return guarded([&] {
        if (data == nullptr || size == 0) throw std::runtime_error{"the file is empty"};
        const cosmium_handlers none{};
        const cosmium_limits open = no_limits();
        osmium::io::File file{static_cast<const char *>(data), size, format == nullptr ? "" : format};
        Source source;
        source.data = static_cast<const char *>(data);
        source.size = size;
        read(file, source, size, limits ? *limits : open, handlers ? *handlers : none);
    }, error, error_size);
}
