#ifndef ARTMAP_CPNG_SHIM_H
#define ARTMAP_CPNG_SHIM_H
/* libpng's simplified API (png_image_*): no setjmp needed; errors come back in image.message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

/* Reads the header into `image`; on failure copies libpng's message and frees the image. 0 on success. */
static inline int artmap_png_begin(png_image *image, const unsigned char *data, size_t size, char *message, size_t message_size) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(image, data, size)) {
        snprintf(message, message_size, "%s", image->message);
        png_image_free(image);
        return -1;
    }
    return 0;
}

/* Reads only the header: size, and whether the file is a PNG libpng accepts. 0 on success. */
static inline int artmap_png_header(const unsigned char *data, size_t size, unsigned int *width, unsigned int *height,
                                    char *message, size_t message_size) {
    png_image image;
    if (artmap_png_begin(&image, data, size, message, message_size) != 0) return -1;
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return 0;
}

/* Decodes to 8-bit RGBA (unassociated alpha) into `out`, which holds width * height * 4 bytes. 0 on success. */
static inline int artmap_png_decode_rgba(const unsigned char *data, size_t size, unsigned char *out, size_t out_size,
                                         char *message, size_t message_size) {
    png_image image;
    if (artmap_png_begin(&image, data, size, message, message_size) != 0) return -1;
    image.format = PNG_FORMAT_RGBA;
    /* A 16-bit file without gAMA/sRGB is sRGB like every other file, not linear light. */
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    if ((size_t)image.width * image.height * 4 != out_size) {
        snprintf(message, message_size, "the image size changed while decoding");
        png_image_free(&image);
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, out, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return -1;
    }
    return 0;
}
#endif
