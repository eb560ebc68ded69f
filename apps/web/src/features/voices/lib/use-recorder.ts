import { RECORDER_AUDIO_BITS_PER_SECOND } from '@bagysh/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withLength } from './recording-length';

export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping' | 'stopped';
export type RecorderError = 'denied' | 'unsupported' | null;

/** The recording's type: Opus in WebM where the browser has it (Chrome, Firefox), else its own. */
function recorderMime(): string | undefined {
  const wanted = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return wanted.find((type) => MediaRecorder.isTypeSupported(type));
}

export function extensionOf(mime: string): string {
  if (mime.includes('ogg')) return 'ogg';
  if (mime.includes('mp4')) return 'm4a';
  return 'webm';
}

/**
 * The microphone through MediaRecorder (docs/features.md, Recording in the browser): start,
 * pause, resume, stop; the time recorded (pauses left out) and the input level (0–1, an
 * AnalyserNode's RMS) while it records. Stop answers the recording as one Blob.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [error, setError] = useState<RecorderError>(null);
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [blob, setBlob] = useState<Blob | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const chunks = useRef<Blob[]>([]);
  const frame = useRef<number | null>(null);
  // Time recorded before the current stretch, and when the current stretch began.
  const clock = useRef({ before: 0, since: 0 });

  const release = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    void audio.current?.close().catch(() => undefined);
    audio.current = null;
    setLevel(0);
  }, []);

  useEffect(() => release, [release]);

  // The clock, while recording.
  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => {
      setElapsed(clock.current.before + (performance.now() - clock.current.since) / 1000);
    }, 250);
    return () => clearInterval(timer);
  }, [state]);

  const start = useCallback(async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError('unsupported');
      return;
    }
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('idle');
      setError('denied');
      return;
    }
    const mimeType = recorderMime();
    const media = new MediaRecorder(stream.current, {
      ...(mimeType && { mimeType }),
      audioBitsPerSecond: RECORDER_AUDIO_BITS_PER_SECOND,
    });
    chunks.current = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    media.onstop = () => {
      const recorded = new Blob(chunks.current, {
        type: media.mimeType || mimeType || 'audio/webm',
      });
      release();
      void withLength(recorded, clock.current.before * 1000).then((whole) => {
        setBlob(whole);
        setState('stopped');
      });
    };
    recorder.current = media;

    const context = new AudioContext();
    audio.current = context;
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream.current).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const measure = () => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      // RMS scaled so that speech fills most of the meter.
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      frame.current = requestAnimationFrame(measure);
    };
    measure();

    // A part every second: a crash loses at most the last one.
    media.start(1000);
    clock.current = { before: 0, since: performance.now() };
    setElapsed(0);
    setBlob(null);
    setState('recording');
  }, [release]);

  const pause = useCallback(() => {
    if (recorder.current?.state !== 'recording') return;
    recorder.current.pause();
    clock.current.before += (performance.now() - clock.current.since) / 1000;
    setElapsed(clock.current.before);
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (recorder.current?.state !== 'paused') return;
    recorder.current.resume();
    clock.current.since = performance.now();
    setState('recording');
  }, []);

  const stop = useCallback(() => {
    const media = recorder.current;
    if (!media || media.state === 'inactive') return;
    if (media.state === 'recording') {
      clock.current.before += (performance.now() - clock.current.since) / 1000;
    }
    setElapsed(clock.current.before);
    // The clock stops now, not when the recorder hands over its last part (onstop).
    setState('stopping');
    media.stop();
  }, []);

  const reset = useCallback(() => {
    release();
    recorder.current = null;
    setBlob(null);
    setElapsed(0);
    setState('idle');
  }, [release]);

  return { state, error, elapsed, level, blob, start, pause, resume, stop, reset };
}

/** "1:05", "12:00", "1:02:03". */
export function formatElapsed(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
