#ifndef ARTMAP_CXML2_SHIM_H
#define ARTMAP_CXML2_SHIM_H
/* libxml2's streaming reader, used directly: FoundationXML's wrapper traps or crashes on some inputs
   (malformed names, a processing instruction without data). libxml2's own headers pull in the system ICU,
   which clashes with the one Foundation bundles, so the few declarations artmap uses are repeated here,
   as libxml2 2.9 declares them. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef unsigned char xmlChar;
typedef struct _xmlTextReader *xmlTextReaderPtr;

xmlTextReaderPtr xmlReaderForMemory(const char *buffer, int size, const char *URL, const char *encoding, int options);
xmlTextReaderPtr xmlReaderForFile(const char *filename, const char *encoding, int options);
/* The descriptor is not closed by libxml2: the caller owns it. */
xmlTextReaderPtr xmlReaderForFd(int fd, const char *URL, const char *encoding, int options);
void xmlFreeTextReader(xmlTextReaderPtr reader);
struct _xmlNode;
struct _xmlNode *xmlTextReaderCurrentNode(xmlTextReaderPtr reader);
long xmlGetLineNo(const struct _xmlNode *node);
int xmlTextReaderRead(xmlTextReaderPtr reader);
int xmlTextReaderNodeType(xmlTextReaderPtr reader);
int xmlTextReaderDepth(xmlTextReaderPtr reader);
int xmlTextReaderIsEmptyElement(xmlTextReaderPtr reader);
int xmlTextReaderGetParserLineNumber(xmlTextReaderPtr reader);
const xmlChar *xmlTextReaderConstLocalName(xmlTextReaderPtr reader);
const xmlChar *xmlTextReaderConstValue(xmlTextReaderPtr reader);
xmlChar *xmlTextReaderGetAttribute(xmlTextReaderPtr reader, const xmlChar *name);

typedef void (*artmap_xml_free_function)(void *);
extern artmap_xml_free_function xmlFree;
struct artmap_xml_error_head { int domain; int code; char *message; };
void *xmlGetLastError(void);

/* xmlFree is a global function pointer, which Swift cannot call. */
static inline void artmap_xml_free(void *pointer) { xmlFree(pointer); }

/* Never fetch anything over the network (XML_PARSE_NONET), report no errors or warnings on stderr
   (XML_PARSE_NOERROR, XML_PARSE_NOWARNING); entities stay unexpanded. */
static inline int artmap_xml_reader_options(void) { return (1 << 11) | (1 << 5) | (1 << 6); }

/* libxml2 writes some messages (encoding and I/O errors, "xmlParseChunk: …") to stderr through its generic
   error function whatever the reader's options say, with bytes of the document in them. artmap's handlers keep
   the last one (for the reader's error) and print nothing; messages reach the user only through artmap, cleaned.
   Both handlers are per thread in libxml2, so they are set before each use. */
typedef void (*artmap_xml_generic_handler)(void *context, const char *message, ...);
typedef void (*artmap_xml_structured_handler)(void *context, void *error);
void xmlSetGenericErrorFunc(void *context, artmap_xml_generic_handler handler);
void xmlSetStructuredErrorFunc(void *context, artmap_xml_structured_handler handler);

static inline char *artmap_xml_generic_buffer(void) {
    static _Thread_local char message[512];
    return message;
}

static void artmap_xml_keep_generic(void *context, const char *format, ...) {
    (void)context;
    char *message = artmap_xml_generic_buffer();
    size_t used = strnlen(message, 511);
    va_list arguments;
    va_start(arguments, format);
    /* A message comes in pieces ("encoding error : ", then the rest): appended up to the buffer's end. */
    vsnprintf(message + used, 512 - used, format, arguments);
    va_end(arguments);
}

static void artmap_xml_ignore_structured(void *context, void *error) { (void)context; (void)error; }

/* Installs artmap's handlers on this thread and, when `reset`, forgets the last generic message. */
/* The line the reader's current node starts on (the parser reads ahead, so its own line can be further on),
   or 0 when libxml2 does not know it (past line 65534 it keeps only "65535"). */
static inline int artmap_xml_node_line(xmlTextReaderPtr reader) {
    struct _xmlNode *node = xmlTextReaderCurrentNode(reader);
    long line = node ? xmlGetLineNo(node) : -1;
    return line > 0 && line < 65535 ? (int)line : 0;
}

static inline void artmap_xml_quiet(int reset) {
    xmlSetGenericErrorFunc(0, artmap_xml_keep_generic);
    xmlSetStructuredErrorFunc(0, artmap_xml_ignore_structured);
    if (reset) artmap_xml_generic_buffer()[0] = 0;
}

/* The generic messages kept since the last reset ("" when none). */
static inline const char *artmap_xml_last_generic(void) { return artmap_xml_generic_buffer(); }

/* The last error's message on this thread, or NULL. */
static inline const char *artmap_xml_last_error(void) {
    struct artmap_xml_error_head *error = (struct artmap_xml_error_head *)xmlGetLastError();
    return error ? error->message : 0;
}
#endif
