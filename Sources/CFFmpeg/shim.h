// FFmpeg's encoding libraries for `layerplay export` (.mp4 H.264, .webm VP9), with the macros
// Swift cannot import (AVERROR, AVERROR_EOF, av_err2str) as functions.
#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

static inline int lk_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int lk_averror_eof(void) { return AVERROR_EOF; }
/// The message of FFmpeg error `code` in `buffer` (at least 64 bytes).
static inline const char *lk_av_error_text(int code, char *buffer, size_t size) {
    av_strerror(code, buffer, size);
    return buffer;
}
