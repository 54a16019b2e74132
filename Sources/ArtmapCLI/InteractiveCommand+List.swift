/// What the view hands `list` when it cannot start (output to a pipe or file, a terminal without cursor addressing):
/// the view's options that `list` also takes, field by field, never as words to parse again.
extension InteractiveCommand.ViewOptions {
    /// `list`'s options: the point (`--at`, `--near` and Nominatim's URL, `--offline`), the filters (`--radius`,
    /// `--nearest`, `--collection`), the first fix (`--gpx`, `--gpsd`, `--geoclue`, `--max-error`) and `--store`.
    /// What only the view uses (the layout, colours, pictures, a replay's speed) is left behind.
    var listed: ListCommand.Options {
        var list = ListCommand.Options()
        list.at = at
        list.near = near
        list.services.nominatim = services.nominatim
        list.offline = offline
        list.radius = radius
        list.nearest = nearest
        list.collection = collection
        list.location.gpx = location.gpx
        list.location.gpsd = location.gpsd
        list.location.geoclue = location.geoclue
        list.location.maxError = location.maxError
        list.store = store
        return list
    }
}
