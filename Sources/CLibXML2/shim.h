// Debian's libxml2 is built with ICU: its encoding.h would pull <unicode/ucnv.h>, whose types clash with the ICU
// module inside Foundation ("'UErrorCode' has different definitions in different modules"), on clean builds only.
// Nothing here needs ICU converters, so read the feature macros first and switch ICU off before anything else.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlsave.h>
