// Linux interfaces that Glibc's Swift module does not include.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <malloc.h>
