#ifndef ARTMAP_CCHAFA_SHIM_H
#define ARTMAP_CCHAFA_SHIM_H
#include <chafa.h>
#endif
