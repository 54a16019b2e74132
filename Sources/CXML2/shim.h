#ifndef ARTMAP_CXML2_SHIM_H
#define ARTMAP_CXML2_SHIM_H
/* libxml2's streaming reader, used directly: FoundationXML's wrapper traps or crashes on some inputs
   (malformed names, a processing instruction without data). libxml2's own headers pull in the system ICU,
   which clashes with the one Foundation bundles, so the few declarations artmap uses are repeated here,
   as libxml2 2.9 declares them. */
typedef unsigned char xmlChar;
typedef struct _xmlTextReader *xmlTextReaderPtr;

xmlTextReaderPtr xmlReaderForMemory(const char *buffer, int size, const char *URL, const char *encoding, int options);
xmlTextReaderPtr xmlReaderForFile(const char *filename, const char *encoding, int options);
/* The descriptor is not closed by libxml2: the caller owns it. */
xmlTextReaderPtr xmlReaderForFd(int fd, const char *URL, const char *encoding, int options);
void xmlFreeTextReader(xmlTextReaderPtr reader);
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

/* The last error's message on this thread, or NULL. */
static inline const char *artmap_xml_last_error(void) {
    struct artmap_xml_error_head *error = (struct artmap_xml_error_head *)xmlGetLastError();
    return error ? error->message : 0;
}
#endif
