#ifndef ARTMAP_CJPEG_SHIM_H
#define ARTMAP_CJPEG_SHIM_H
/* libjpeg's default error handler calls exit(): every call here runs under a setjmp/longjmp error manager,
   and the message comes back to Swift instead. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
} artmap_jpeg_error_mgr;

static void artmap_jpeg_error_exit(j_common_ptr cinfo) {
    artmap_jpeg_error_mgr *mgr = (artmap_jpeg_error_mgr *)cinfo->err;
    longjmp(mgr->escape, 1);
}

/* Warnings are ignored except a premature end of data, which means the file is truncated. */
static void artmap_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
        artmap_jpeg_error_mgr *mgr = (artmap_jpeg_error_mgr *)cinfo->err;
        longjmp(mgr->escape, 1);
    }
}

/* What a decode found and produced. `pixels` is malloc'ed (out_width * out_height * components); free it
   with artmap_jpeg_free. */
typedef struct {
    unsigned int width, height;          /* the image's own size */
    unsigned int out_width, out_height;  /* after DCT scaling */
    int components;                      /* 1 grey, 3 RGB, 4 CMYK */
    int adobe_marker;                    /* an Adobe APP14 marker was seen (CMYK is then stored inverted) */
    int progressive;
    unsigned char *pixels;
    char message[JMSG_LENGTH_MAX];
} artmap_jpeg_result;

static inline void artmap_jpeg_free(artmap_jpeg_result *result) {
    free(result->pixels);
    result->pixels = NULL;
}

/* Decodes `data`. With header_only, stops after the header. Otherwise decodes at the smallest DCT scale
   (1/8, 1/4, 1/2, 1) whose output still covers want_width x want_height (0 = full size), refusing images
   over max_pixels before allocating. Returns 0 on success, -1 with `message` set. */
static inline int artmap_jpeg_decode(const unsigned char *data, unsigned long size, unsigned int want_width,
                                     unsigned int want_height, unsigned long long max_pixels, int header_only,
                                     artmap_jpeg_result *result) {
    struct jpeg_decompress_struct cinfo;
    artmap_jpeg_error_mgr err;
    memset(result, 0, sizeof *result);
    cinfo.err = jpeg_std_error(&err.base);
    err.base.error_exit = artmap_jpeg_error_exit;
    err.base.emit_message = artmap_jpeg_emit_message;
    if (setjmp(err.escape)) {
        (*cinfo.err->format_message)((j_common_ptr)&cinfo, result->message);
        if (cinfo.err->msg_code == JWRN_JPEG_EOF) snprintf(result->message, sizeof result->message, "truncated JPEG data");
        jpeg_destroy_decompress(&cinfo);
        artmap_jpeg_free(result);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    jpeg_read_header(&cinfo, TRUE);
    result->width = cinfo.image_width;
    result->height = cinfo.image_height;
    result->adobe_marker = cinfo.saw_Adobe_marker;
    result->progressive = cinfo.progressive_mode;
    if (cinfo.image_width == 0 || cinfo.image_height == 0) {
        snprintf(result->message, sizeof result->message, "the JPEG says it is 0 pixels wide or high");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    if ((unsigned long long)cinfo.image_width * cinfo.image_height > max_pixels) {
        snprintf(result->message, sizeof result->message, "too large: %ux%u pixels (the limit is %llu megapixels)",
                 cinfo.image_width, cinfo.image_height, max_pixels / 1000000ULL);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    if (header_only) {
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE: cinfo.out_color_space = JCS_GRAYSCALE; break;
    case JCS_CMYK: case JCS_YCCK: cinfo.out_color_space = JCS_CMYK; break;
    default: cinfo.out_color_space = JCS_RGB; break;
    }
    unsigned int denom = 8;
    while (denom > 1) {
        unsigned int w = (cinfo.image_width + denom - 1) / denom, h = (cinfo.image_height + denom - 1) / denom;
        if (w >= want_width && h >= want_height && want_width > 0 && want_height > 0) break;
        denom /= 2;
    }
    cinfo.scale_num = 1;
    cinfo.scale_denom = denom;
    jpeg_start_decompress(&cinfo);
    result->out_width = cinfo.output_width;
    result->out_height = cinfo.output_height;
    result->components = cinfo.output_components;
    size_t stride = (size_t)cinfo.output_width * cinfo.output_components;
    result->pixels = malloc(stride * cinfo.output_height);
    if (!result->pixels) {
        snprintf(result->message, sizeof result->message, "out of memory for %ux%u pixels", cinfo.output_width, cinfo.output_height);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = result->pixels + stride * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/* How to encode: for tests and benchmarks that need JPEG files of every kind. */
typedef struct {
    int components;      /* 1 grey, 3 RGB, 4 CMYK (given as stored) */
    int quality;
    int progressive;
    int ycck;            /* store 4-component data as YCCK */
    int adobe_marker;    /* write an Adobe APP14 marker (libjpeg's default for CMYK/YCCK) */
    const unsigned char *app1; /* an APP1 (EXIF) payload, or NULL */
    unsigned int app1_size;
} artmap_jpeg_encode_options;

/* Encodes pixels; *out is malloc'ed by libjpeg (free it with free()). 0 on success. */
static inline int artmap_jpeg_encode(const unsigned char *pixels, unsigned int width, unsigned int height,
                                     artmap_jpeg_encode_options options, unsigned char **out, unsigned long *out_size,
                                     char *message) {
    struct jpeg_compress_struct cinfo;
    artmap_jpeg_error_mgr err;
    cinfo.err = jpeg_std_error(&err.base);
    err.base.error_exit = artmap_jpeg_error_exit;
    *out = NULL;
    *out_size = 0;
    if (setjmp(err.escape)) {
        (*cinfo.err->format_message)((j_common_ptr)&cinfo, message);
        jpeg_destroy_compress(&cinfo);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, out, out_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = options.components;
    cinfo.in_color_space = options.components == 1 ? JCS_GRAYSCALE : options.components == 4 ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    if (options.components == 4) jpeg_set_colorspace(&cinfo, options.ycck ? JCS_YCCK : JCS_CMYK);
    cinfo.write_Adobe_marker = options.adobe_marker ? TRUE : FALSE;
    jpeg_set_quality(&cinfo, options.quality, TRUE);
    if (options.progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (options.app1) jpeg_write_marker(&cinfo, JPEG_APP0 + 1, options.app1, options.app1_size);
    size_t stride = (size_t)width * options.components;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * cinfo.next_scanline);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 0;
}
#endif
