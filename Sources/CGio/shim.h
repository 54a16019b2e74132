#ifndef ARTMAP_CGIO_SHIM_H
#define ARTMAP_CGIO_SHIM_H
// GDBus from gio, for the GeoClue2 client (Location), its only importer.
#include <gio/gio.h>
#endif
