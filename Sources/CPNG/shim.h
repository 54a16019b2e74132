#ifndef ARTMAP_CPNG_SHIM_H
#define ARTMAP_CPNG_SHIM_H
/* libpng's simplified API (png_image_*): no setjmp needed; errors come back in image.message. The row reader
   below uses the standard API inside a setjmp of its own, so no longjmp ever crosses Swift frames. */
#include <setjmp.h>
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
/* Called with each decoded row: 8-bit RGBA (unassociated alpha), `width` pixels, for image row `y`. Returns 0 to go
   on, anything else to stop (the read then fails with "stopped"). */
typedef int (*artmap_png_row_fn)(void *context, const unsigned char *rgba, unsigned int y);

typedef struct artmap_png_source {
    const unsigned char *data;
    size_t size, offset;
} artmap_png_source;

typedef struct artmap_png_failure {
    jmp_buf jump;
    char *message;
    size_t message_size;
} artmap_png_failure;

static inline void artmap_png_read_data(png_structp png, png_bytep out, size_t length) {
    artmap_png_source *source = (artmap_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "truncated data");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static inline void artmap_png_error(png_structp png, png_const_charp text) {
    artmap_png_failure *failure = (artmap_png_failure *)png_get_error_ptr(png);
    snprintf(failure->message, failure->message_size, "%s", text);
    longjmp(failure->jump, 1);
}

static inline void artmap_png_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

/* Decodes a PNG row by row, never holding more than one row (plus libpng's own), converted to 8-bit RGBA as
   the simplified API converts it (palette and low bit depths expanded, grey to RGB, 16 bits scaled, output in
   sRGB). `*interlaced` is set from the header: an interlaced image is read pass by pass and only its last pass
   is handed on (every odd row, y = 1, 3, 5 ...; the other passes are read and dropped), which is enough for a
   picture shown at half its height or less. 0 on success, -1 with `message` filled. */
static inline int artmap_png_read_rows(const unsigned char *data, size_t size, void *context, artmap_png_row_fn row_fn,
                                       unsigned int *width, unsigned int *height, int *interlaced,
                                       char *message, size_t message_size) {
    artmap_png_source source = {data, size, 0};
    artmap_png_failure failure;
    failure.message = message;
    failure.message_size = message_size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, artmap_png_error, artmap_png_warning);
    if (png == NULL) {
        snprintf(message, message_size, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    unsigned char *volatile row = NULL;
    if (info == NULL || setjmp(failure.jump)) {
        free(row);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        if (info == NULL) snprintf(message, message_size, "out of memory");
        return -1;
    }
    png_set_read_fn(png, &source, artmap_png_read_data);
    png_read_info(png, info);
    unsigned int w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    int interlace = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    *width = w;
    *height = h;
    *interlaced = interlace;
    png_set_alpha_mode(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA)) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row size after conversion");
    row = (unsigned char *)malloc((size_t)w * 4);
    if (row == NULL) png_error(png, "out of memory");
    if (!interlace) {
        for (unsigned int y = 0; y < h; y++) {
            png_read_row(png, row, NULL);
            if (row_fn(context, row, y) != 0) png_error(png, "stopped");
        }
    } else {
        for (int pass = 0; pass < 7; pass++) {
            unsigned int rows = PNG_PASS_ROWS(h, pass), cols = PNG_PASS_COLS(w, pass);
            if (cols == 0) continue;
            for (unsigned int r = 0; r < rows; r++) {
                png_read_row(png, row, NULL);
                if (pass == 6 && row_fn(context, row, 2 * r + 1) != 0) png_error(png, "stopped");
            }
        }
    }
    free(row);
    row = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
#endif
