#include <JavaScriptCore/JavaScript.h>

/* JavaScriptCore's compiled-script API (JSScriptRefPrivate.h in WebKit's sources, not installed with the headers but
 * exported by libjavascriptcoregtk-4.1 and by Apple's JavaScriptCore): a script parsed once per VM and evaluated in
 * any global context of that VM, so that the code cache finds it again instead of parsing the source every time. */
typedef struct OpaqueJSScript* JSScriptRef;

/* nil on a syntax error (then `errorMessage` and `errorLine` say where); the script belongs to `contextGroup`. */
JSScriptRef JSScriptCreateFromString(JSContextGroupRef contextGroup, JSStringRef url, int startingLineNumber,
                                     JSStringRef source, JSStringRef* errorMessage, int* errorLine);
void JSScriptRetain(JSScriptRef script);
void JSScriptRelease(JSScriptRef script);
/* Runs `script` in `context` (a global context of the script's group) as JSEvaluateScript runs its source. */
JSValueRef JSScriptEvaluate(JSContextRef context, JSScriptRef script, JSValueRef thisValue, JSValueRef* exception);
