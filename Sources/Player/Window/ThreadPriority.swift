// Raises the frame loop thread's scheduling priority (SCHED_RR when allowed, else SDL's high
// priority) and restores it.

import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// Scheduling priority for the frame loop thread.
enum ThreadPriority {
    /// Tries SCHED_RR at a low real-time priority (allowed for root or with CAP_SYS_NICE /
    /// an RLIMIT_RTPRIO), then SDL's high priority; returns what was granted, for the log.
    static func raiseForFrameLoop() -> String {
        #if os(Linux)
        var param = sched_param()
        param.sched_priority = 5
        if pthread_setschedparam(pthread_self(), SCHED_RR, &param) == 0 { return "real-time (SCHED_RR 5)" }
        #endif
        if SDL_SetThreadPriority(SDL_THREAD_PRIORITY_HIGH) == 0 { return "high" }
        return "normal (\(sdlError()))"
    }

    /// Undoes what `raiseForFrameLoop` granted (its returned description).
    static func restore(after granted: String) {
        #if os(Linux)
        if granted.hasPrefix("real-time") {
            var param = sched_param()
            param.sched_priority = 0
            _ = pthread_setschedparam(pthread_self(), SCHED_OTHER, &param)
        }
        #endif
        if granted == "high" { _ = SDL_SetThreadPriority(SDL_THREAD_PRIORITY_NORMAL) }
    }
}
