import CGio
import Foundation
import Geo

/// One conversation with GeoClue2 over the system bus: the GDBus connection, the client object GeoClue made for
/// it and the signal subscriptions, all owned here and freed in `deinit` (closing the connection makes GeoClue
/// drop the client). Made and used on the GeoClue client's own thread, whose GLib main context delivers the signals.
final class GeoClueConnection {
    private static let service = "org.freedesktop.GeoClue2"
    private let connection: OpaquePointer
    private let address: String
    private var clientPath = ""
    private var subscriptions: [guint] = []
    /// What the signals said, read by `follow` between iterations of the main context.
    private var latest: (Coordinate, Double?)?
    private var gone = false

    /// Connects to the bus at `address` (nil: the system bus, as DBUS_SYSTEM_BUS_ADDRESS or the default says).
    init(address given: String?) throws {
        var error: UnsafeMutablePointer<GError>?
        let address: String
        if let given, !given.isEmpty {
            address = given
        } else if let found = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SYSTEM, nil, &error) {
            address = String(cString: found)
            g_free(found)
        } else {
            throw LocationError("cannot find the system bus: \(GeoClueConnection.take(error))", kind: .noSystemBus)
        }
        self.address = address
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw LocationError("cannot reach the system bus at \(address) (\(GeoClueConnection.take(error))): GeoClue is "
                                + "asked over it; start D-Bus, or use --gpsd or --at", kind: .noSystemBus)
        }
        self.connection = connection
    }

    deinit {
        for id in subscriptions { g_dbus_connection_signal_unsubscribe(connection, id) }
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Whether GeoClue is on this bus: running (its name has an owner) or started on demand (activatable).
    func serviceIsKnown() -> Bool {
        for (method, parameters) in [("NameHasOwner", g_variant_new_tuple([g_variant_new_string(GeoClueConnection.service)], 1)),
                                     ("ListActivatableNames", nil)] {
            guard let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                          "org.freedesktop.DBus", method, parameters, nil,
                                                          G_DBUS_CALL_FLAGS_NONE, 2000, nil, nil) else { continue }
            defer { g_variant_unref(reply) }
            guard let answer = g_variant_get_child_value(reply, 0) else { continue }
            defer { g_variant_unref(answer) }
            let type = String(cString: g_variant_get_type_string(answer))
            if type == "b", g_variant_get_boolean(answer) != 0 { return true }
            if type == "as" {
                for index in 0..<g_variant_n_children(answer) {
                    guard let name = g_variant_get_child_value(answer, index) else { continue }
                    defer { g_variant_unref(name) }
                    if String(cString: g_variant_get_string(name, nil)) == GeoClueConnection.service { return true }
                }
            }
        }
        return false
    }

    /// Asks GeoClue for a client, names artmap, asks for `accuracyLevel` (8: exact), starts it and subscribes
    /// to its updates. GeoClue answers GetClient only once an agent for this user is registered: no answer
    /// within `agentWait` seconds is said as a missing agent.
    func start(desktopId: String, accuracyLevel: UInt32, agentWait: TimeInterval) throws {
        let milliseconds = Int32(max(1, agentWait * 1000))
        let reply = try call(path: "/org/freedesktop/GeoClue2/Manager", interface: "org.freedesktop.GeoClue2.Manager",
                             method: "GetClient", parameters: nil, timeout: milliseconds, what: "asking GeoClue for a client")
        clientPath = GeoClueConnection.string(child: 0, of: reply) ?? ""
        g_variant_unref(reply)
        guard !clientPath.isEmpty else { throw LocationError("GeoClue gave no client object", kind: .geoClueRefused) }
        try setClient("DesktopId", g_variant_new_string(desktopId))
        try setClient("RequestedAccuracyLevel", g_variant_new_uint32(accuracyLevel))
        subscribe()
        let started = try call(path: clientPath, interface: "org.freedesktop.GeoClue2.Client", method: "Start",
                               parameters: nil, timeout: milliseconds, what: "starting GeoClue's client")
        g_variant_unref(started)
    }

    /// Iterates the thread's main context until `stopped` says so or GeoClue leaves the bus; hands each new
    /// position to `fix`, and calls `quiet` on every wake-up (about once a second) so silence can be noticed.
    func follow(context: OpaquePointer, stopped: () -> Bool, fix: (Coordinate, Double?) -> Void, quiet: () -> Void) -> LocationError? {
        let tick = g_timeout_source_new(1000)
        g_source_set_callback(tick, { _ in 1 }, nil, nil)
        g_source_attach(tick, context)
        defer {
            g_source_destroy(tick)
            g_source_unref(tick)
        }
        while !stopped() {
            g_main_context_iteration(context, 1)
            if let (coordinate, accuracy) = latest {
                latest = nil
                fix(coordinate, accuracy)
            }
            if gone || g_dbus_connection_is_closed(connection) != 0 {
                return LocationError("GeoClue left the system bus (its daemon stopped)",
                                     kind: .geoClueGone)
            }
            quiet()
        }
        return nil
    }

    /// LocationUpdated on the client, and the bus's NameOwnerChanged for GeoClue (its daemon going away).
    private func subscribe() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        subscriptions.append(g_dbus_connection_signal_subscribe(
            connection, GeoClueConnection.service, "org.freedesktop.GeoClue2.Client", "LocationUpdated", clientPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, data in
                guard let data, let parameters else { return }
                Unmanaged<GeoClueConnection>.fromOpaque(data).takeUnretainedValue().locationUpdated(parameters)
            }, me, nil))
        subscriptions.append(g_dbus_connection_signal_subscribe(
            connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
            GeoClueConnection.service, G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, data in
                guard let data, let parameters else { return }
                let newOwner = GeoClueConnection.string(child: 2, of: parameters) ?? ""
                if newOwner.isEmpty { Unmanaged<GeoClueConnection>.fromOpaque(data).takeUnretainedValue().gone = true }
            }, me, nil))
    }

    /// Reads the new Location object's Latitude, Longitude and Accuracy (0, or absent, is unknown).
    private func locationUpdated(_ parameters: OpaquePointer) {
        guard let path = GeoClueConnection.string(child: 1, of: parameters),
              let reply = try? call(path: path, interface: "org.freedesktop.DBus.Properties", method: "GetAll",
                                    parameters: g_variant_new_tuple([g_variant_new_string("org.freedesktop.GeoClue2.Location")], 1),
                                    timeout: 2000, what: "reading GeoClue's location") else { return }
        defer { g_variant_unref(reply) }
        guard let properties = g_variant_get_child_value(reply, 0) else { return }
        defer { g_variant_unref(properties) }
        func number(_ key: String) -> Double? {
            guard let value = g_variant_lookup_value(properties, key, nil) else { return nil }
            defer { g_variant_unref(value) }
            guard String(cString: g_variant_get_type_string(value)) == "d" else { return nil }
            let double = g_variant_get_double(value)
            return double.isFinite ? double : nil
        }
        guard let latitude = number("Latitude"), let longitude = number("Longitude"),
              let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { return }
        let accuracy = number("Accuracy").flatMap { $0 > 0 ? $0 : nil }
        latest = (coordinate, accuracy)
    }

    /// Sets one of the client's properties through org.freedesktop.DBus.Properties.Set.
    private func setClient(_ property: String, _ value: OpaquePointer?) throws {
        let parameters = g_variant_new_tuple([g_variant_new_string("org.freedesktop.GeoClue2.Client"),
                                              g_variant_new_string(property), g_variant_new_variant(value)], 3)
        let reply = try call(path: clientPath, interface: "org.freedesktop.DBus.Properties", method: "Set",
                             parameters: parameters, timeout: 5000, what: "setting GeoClue's \(property)")
        g_variant_unref(reply)
    }

    /// A method call to GeoClue, waiting at most `timeout` ms; the failure said in GeoClue's terms.
    private func call(path: String, interface: String, method: String, parameters: OpaquePointer?, timeout: Int32,
                      what: String) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        if let reply = g_dbus_connection_call_sync(connection, GeoClueConnection.service, path, interface, method, parameters,
                                                   nil, G_DBUS_CALL_FLAGS_NONE, timeout, nil, &error) {
            return reply
        }
        let remote = error.flatMap { g_dbus_error_get_remote_error($0) }.map { pointer -> String in
            defer { g_free(pointer) }
            return String(cString: pointer)
        }
        let timedOut = error.map { $0.pointee.domain == g_io_error_quark() && $0.pointee.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) } ?? false
        let message = GeoClueConnection.take(error)
        if remote == "org.freedesktop.DBus.Error.ServiceUnknown" || remote == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            throw LocationError("GeoClue is not on the system bus (\(address)): install and start geoclue-2.0, "
                                + "or use --gpsd or --at", kind: .geoClueAbsent)
        }
        if timedOut && method == "GetClient" {
            throw LocationError("GeoClue is running but no location agent is registered for your user (a desktop session "
                                + "starts one; /usr/libexec/geoclue-2.0/demos/agent is the minimal one)", kind: .noAgent)
        }
        if timedOut {
            throw LocationError("GeoClue did not answer \(what) within \(timeout / 1000) s", kind: .geoClueRefused)
        }
        throw LocationError("GeoClue refused \(what): \(message)", kind: .geoClueRefused)
    }

    /// A string (or object path) child of a tuple, or nil.
    private static func string(child index: Int, of tuple: OpaquePointer) -> String? {
        guard g_variant_is_container(tuple) != 0, g_variant_n_children(tuple) > index,
              let child = g_variant_get_child_value(tuple, gsize(index)) else { return nil }
        defer { g_variant_unref(child) }
        let type = String(cString: g_variant_get_type_string(child))
        guard type == "s" || type == "o" else { return nil }
        return String(cString: g_variant_get_string(child, nil))
    }

    /// A GError's message (cleaned: it may quote what the bus said), freeing it.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        guard let message = error.pointee.message else { return "unknown error" }
        return String(cString: message).unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(String.init).joined()
    }
}
