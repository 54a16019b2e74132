#ifndef ARTMAP_CJPEG_SHIM_H
#define ARTMAP_CJPEG_SHIM_H
/* libjpeg's default error handler calls exit(): every call here runs under a setjmp/longjmp error manager,
   and the message comes back to Swift instead. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    /* Set when artmap itself refuses the file part-way (too many scans); used instead of libjpeg's message. */
    char refusal[JMSG_LENGTH_MAX];
} artmap_jpeg_error_mgr;

/* Counts the scans libjpeg has started reading: a progressive JPEG may repeat scans without end, and each one
   costs a pass over the whole coefficient buffer (3,000 scans of a large picture take minutes). */
typedef struct {
    struct jpeg_progress_mgr base;
    int max_scans;
} artmap_jpeg_progress_mgr;

static void artmap_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    artmap_jpeg_progress_mgr *progress = (artmap_jpeg_progress_mgr *)cinfo->progress;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (progress->max_scans > 0 && d->input_scan_number > progress->max_scans) {
        artmap_jpeg_error_mgr *mgr = (artmap_jpeg_error_mgr *)cinfo->err;
        snprintf(mgr->refusal, sizeof mgr->refusal, "too many scans: more than %d (a progressive JPEG needs about 10)",
                 progress->max_scans);
        longjmp(mgr->escape, 1);
    }
}

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
   over max_pixels before allocating, files with more than max_scans scans while reading them, and images whose
   decoding would take more than max_bytes (the coefficient buffer of a multi-scan JPEG, every colour component
   counted, plus the decoded pixels and their RGBA copy in Swift) before libjpeg allocates any of it.
   Returns 0 on success, -1 with `message` set. */
static inline int artmap_jpeg_decode(const unsigned char *data, unsigned long size, unsigned int want_width,
                                     unsigned int want_height, unsigned long long max_pixels, int max_scans,
                                     unsigned long long max_bytes, int header_only, artmap_jpeg_result *result) {
    struct jpeg_decompress_struct cinfo;
    artmap_jpeg_error_mgr err;
    artmap_jpeg_progress_mgr progress;
    memset(result, 0, sizeof *result);
    memset(&progress, 0, sizeof progress);
    err.refusal[0] = 0;
    cinfo.err = jpeg_std_error(&err.base);
    err.base.error_exit = artmap_jpeg_error_exit;
    err.base.emit_message = artmap_jpeg_emit_message;
    if (setjmp(err.escape)) {
        (*cinfo.err->format_message)((j_common_ptr)&cinfo, result->message);
        if (cinfo.err->msg_code == JWRN_JPEG_EOF) snprintf(result->message, sizeof result->message, "truncated JPEG data");
        if (err.refusal[0]) snprintf(result->message, sizeof result->message, "%s", err.refusal);
        jpeg_destroy_decompress(&cinfo);
        artmap_jpeg_free(result);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    progress.base.progress_monitor = artmap_jpeg_progress;
    progress.max_scans = max_scans;
    cinfo.progress = &progress.base;
    /* A second line: libjpeg itself refuses to allocate whole-image buffers past the limit. */
    cinfo.mem->max_memory_to_use = max_bytes > (unsigned long long)LONG_MAX ? LONG_MAX : (long)max_bytes;
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
    jpeg_calc_output_dimensions(&cinfo);
    /* A progressive JPEG (or a sequential one whose first scan holds fewer than all components) is decoded
       through a buffer of every DCT coefficient of the whole image, at full size whatever the output scale:
       2 bytes for each of 64 coefficients per 8x8 block, per component, blocks rounded up to whole MCUs. */
    unsigned long long need = 0;
    if (cinfo.progressive_mode || cinfo.comps_in_scan < cinfo.num_components) {
        unsigned long long max_h = cinfo.max_h_samp_factor > 0 ? cinfo.max_h_samp_factor : 1;
        unsigned long long max_v = cinfo.max_v_samp_factor > 0 ? cinfo.max_v_samp_factor : 1;
        for (int ci = 0; ci < cinfo.num_components; ci++) {
            jpeg_component_info *comp = &cinfo.comp_info[ci];
            unsigned long long h = comp->h_samp_factor > 0 ? comp->h_samp_factor : 1;
            unsigned long long v = comp->v_samp_factor > 0 ? comp->v_samp_factor : 1;
            unsigned long long wb = ((unsigned long long)cinfo.image_width * h + max_h * 8 - 1) / (max_h * 8);
            unsigned long long hb = ((unsigned long long)cinfo.image_height * v + max_v * 8 - 1) / (max_v * 8);
            wb = (wb + h - 1) / h * h;
            hb = (hb + v - 1) / v * v;
            need += wb * hb * 64ULL * sizeof(JCOEF);
        }
    }
    unsigned long long out_pixels = (unsigned long long)cinfo.output_width * cinfo.output_height;
    need += out_pixels * (unsigned long long)cinfo.out_color_components + out_pixels * 4ULL;
    if (need > max_bytes) {
        snprintf(result->message, sizeof result->message,
                 "too large to decode: %ux%u pixels in %d colour components need %llu MB (the limit is %llu MB)",
                 cinfo.image_width, cinfo.image_height, cinfo.num_components, (need + 1048575ULL) / 1048576ULL,
                 max_bytes / 1048576ULL);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
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
    int scan_per_coefficient; /* progressive, with a scan for each AC coefficient of each component, in two
                                 passes (Al 1, then its refinement): 1 + 126 per component (to test scan limits) */
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
    jpeg_scan_info scans[1 + 4 * 126];
    if (options.scan_per_coefficient && cinfo.num_components <= 4) {
        int n = 0;
        memset(scans, 0, sizeof scans);
        scans[n].comps_in_scan = cinfo.num_components;
        for (int ci = 0; ci < cinfo.num_components; ci++) scans[n].component_index[ci] = ci;
        n++;
        for (int pass = 0; pass < 2; pass++) {
            for (int ci = 0; ci < cinfo.num_components; ci++) {
                for (int k = 1; k < 64; k++) {
                    scans[n].comps_in_scan = 1;
                    scans[n].component_index[0] = ci;
                    scans[n].Ss = k;
                    scans[n].Se = k;
                    scans[n].Ah = pass == 0 ? 0 : 1;
                    scans[n].Al = pass == 0 ? 1 : 0;
                    n++;
                }
            }
        }
        cinfo.scan_info = scans;
        cinfo.num_scans = n;
    }
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
