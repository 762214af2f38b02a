// libyaml, found through pkg-config (yaml-0.1). Without it the build stops here with one line
// that names the fix, instead of "'yaml.h' file not found".
#if __has_include(<yaml.h>)
#include <yaml.h>
#else
#error "libyaml not found: on macOS run 'brew install libyaml pkg-config'; on Debian or Ubuntu 'apt-get install libyaml-dev pkg-config'"
#endif
