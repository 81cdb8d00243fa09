// The room's WebSocket: connects, says hello with the seat secret, and reconnects with
// backoff whenever the line drops. Everything it receives is handed on as events.

const PING_EVERY_MS = 20000;
const SILENCE_LIMIT_MS = 45000;
const BACKOFF_MAX_MS = 10000;
const CLOSE_NO_ROOM = 4404;
// Past a limit of the room, the seat or this network's address; the error before the close
// says which. A full room is tried again after a minute or so; a seat open in too many
// places is not (that would close another of them), until the page comes back into view.
const CLOSE_LIMIT = 4429;
const REFUSED_RETRY_MS = 60000;

export class RoomSocket extends EventTarget {
  constructor(code, getSecret) {
    super();
    this.code = code;
    this.getSecret = getSecret;
    this.ws = null;
    this.status = 'connecting';
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastHeard = 0;
    this.stopped = false;
    // why the server last closed this page's socket for a limit (an error code), or null
    this.refusal = null;
    this.lastError = null;
    // A sleeping laptop or a phone coming back to the tab deserves a quick retry.
    window.addEventListener('online', () => this.retrySoon());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.retrySoon();
    });
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`;
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.stopped) return;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    this.lastError = null;
    ws.addEventListener('open', () => {
      this.lastHeard = Date.now();
      const secret = this.getSecret();
      if (secret) this.send({ type: 'hello', secret });
      this.setStatus('open');
      this.startPings();
    });
    ws.addEventListener('message', (event) => {
      this.lastHeard = Date.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'state') this.attempt = 0;
      if (message.type === 'error') this.lastError = message.code;
      this.dispatchEvent(new CustomEvent('message', { detail: message }));
    });
    ws.addEventListener('close', (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopPings();
      if (event.code === CLOSE_NO_ROOM) {
        this.stopped = true;
        this.setStatus('gone');
        return;
      }
      if (event.code === CLOSE_LIMIT) {
        this.refusal = this.lastError ?? 'too_many_connections';
        this.setStatus('refused');
        if (this.refusal !== 'seat_connections') {
          this.retryTimer = setTimeout(() => this.connect(), REFUSED_RETRY_MS * (0.5 + Math.random() / 2));
        }
        return;
      }
      this.scheduleRetry();
    });
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  scheduleRetry() {
    if (this.stopped || this.retryTimer) return;
    this.setStatus('reconnecting');
    // Exponential backoff with jitter, so a restarted server is not hit by every table at once.
    const base = Math.min(BACKOFF_MAX_MS, 500 * 2 ** this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), base * (0.5 + Math.random() / 2));
  }

  retrySoon() {
    if (this.stopped || this.ws) return;
    this.refusal = null;
    this.attempt = 0;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  startPings() {
    this.stopPings();
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        // A half-open line never reports its own death; close it and start over.
        this.ws?.close();
        return;
      }
      this.send({ type: 'ping' });
    }, PING_EVERY_MS);
  }

  stopPings() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.dispatchEvent(new CustomEvent('status', { detail: status }));
  }
}
