#include <JavaScriptCore/JavaScript.h>
