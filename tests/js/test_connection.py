"""The websocket client (static/js/connection.js) against a scripted fake socket in Chromium,
its timers on a fake clock (tests/js/conftest.py) so every delay is checked to the millisecond."""

from __future__ import annotations

import pytest

from tests.js.conftest import FAKE_CLOCK

pytestmark = pytest.mark.browser

FAKE_SOCKET = (
    FAKE_CLOCK
    + """
class FakeSocket {
  static instances = [];
  constructor(url) { this.url = url; this.sent = []; this.readyState = 0; this.listeners = {}; FakeSocket.instances.push(this); }
  addEventListener(type, listener) { (this.listeners[type] ||= []).push(listener); }
  emit(type, payload) { for (const listener of this.listeners[type] || []) listener(payload); }
  open() { this.readyState = 1; this.emit("open", {}); }
  server(frame) { this.emit("message", { data: JSON.stringify(frame) }); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close(code = 1006) { this.readyState = 3; this.emit("close", { code }); }
}
const { MatchConnection, SequenceTracker, backoffDelay, keepaliveDelay } = await load("connection.js");
const seen = { hellos: [], events: [], errors: [], statuses: [] };
const handlers = {
  onHello: (frame) => seen.hellos.push(frame.seq),
  onEvent: (seq, event) => seen.events.push([seq, event.type]),
  onError: (frame) => seen.errors.push(frame.code),
  onStatus: (state) => seen.statuses.push(state),
};
const hello = (seq) => ({ type: "hello", protocol: 1, seq, seat: 0, players: [], view: {} });
const event = (seq, type = "go") => ({ type: "event", seq, event: { type, data: {} } });
// A connection whose socket the fake server has just opened.
const opened = () => {
  const connection = new MatchConnection("ws://test/", handlers, { WebSocketClass: FakeSocket });
  connection.connect();
  const socket = FakeSocket.instances.at(-1);
  socket.open();
  return { connection, socket };
};
"""
)


def test_events_are_applied_in_order_and_repeats_are_ignored(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(4));
        socket.server(event(4));   // already in the hello
        socket.server(event(5));
        socket.server(event(5));   // a repeat
        socket.server(event(6, "count_reset"));
        return { events: seen.events, sent: socket.sent };
        """
    )
    assert result["events"] == [[5, "go"], [6, "count_reset"]]
    assert result["sent"] == []


def test_a_gap_asks_for_a_sync_from_the_last_event_applied_and_the_answer_fills_it(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(10));
        socket.server(event(11));
        socket.server(event(13));  // 12 went missing
        socket.server(event(14));  // arrives while waiting for the sync: the answer carries it
        const sentAfterGap = socket.sent.slice();
        socket.server({ type: "synced", seq: 14, events: [event(12, "go_scored"), event(13), event(14, "count_reset")] });
        socket.server(event(15));
        return { sentAfterGap, events: seen.events };
        """
    )
    assert result["sentAfterGap"] == [{"type": "sync", "seq": 11}]
    assert result["events"] == [
        [11, "go"],
        [12, "go_scored"],
        [13, "go"],
        [14, "count_reset"],
        [15, "go"],
    ]


def test_an_unacknowledged_action_is_resent_with_the_same_id_after_reconnecting(js):
    result = js(
        FAKE_SOCKET
        + """
        const connection = new MatchConnection("ws://test/", handlers, { WebSocketClass: FakeSocket });
        connection.connect();
        const first = FakeSocket.instances[0];
        first.open();
        first.server(hello(3));
        const playId = connection.act({ type: "play", card: "5H" });
        const claimId = connection.act({ type: "claim", points: 2 });
        first.server({ type: "ack", action_id: claimId, seq: 4, duplicate: false });
        first.close();
        clock.advance(399);  // the first backoff is 400 to 600 ms
        const tooSoon = FakeSocket.instances.length;
        clock.advance(201);
        const second = FakeSocket.instances[1];
        second.open();
        second.server(hello(4));
        return { tooSoon, firstSent: first.sent, secondSent: second.sent, playId, claimId, statuses: seen.statuses,
                 hellos: seen.hellos, instances: FakeSocket.instances.length };
        """
    )
    assert result["tooSoon"] == 1
    assert [frame["type"] for frame in result["firstSent"]] == ["play", "claim"]
    assert result["secondSent"] == [{"type": "play", "card": "5H", "action_id": result["playId"]}]
    assert result["playId"] != result["claimId"]
    assert result["statuses"] == ["connecting", "open", "closed", "connecting", "open"]
    assert result["hellos"] == [3, 4]


def test_an_error_answer_stops_the_resending_and_is_reported(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(1));
        const id = connection.act({ type: "play", card: "QS" });
        socket.server({ type: "error", code: "card_not_in_hand", message: "QS is not in your hand", action_id: id });
        return { pending: connection.pending.size, errors: seen.errors };
        """
    )
    assert result == {"pending": 0, "errors": ["card_not_in_hand"]}


def test_not_logged_in_or_no_such_match_stops_reconnecting(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.close(4404);
        clock.advance(60_000);  // far past the longest backoff
        return { instances: FakeSocket.instances.length, statuses: seen.statuses };
        """
    )
    assert result == {"instances": 1, "statuses": ["connecting", "failed"]}


def test_a_batch_of_events_is_applied_in_order_and_a_gap_inside_it_asks_for_a_sync(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(4));
        socket.server({ type: "events", events: [event(4), event(5), event(6, "count_reset")] });
        const applied = [...seen.events];
        socket.server({ type: "events", events: [event(8), event(9)] });  // 7 is missing
        return { applied, after: seen.events, sent: socket.sent };
        """
    )
    assert result["applied"] == [[5, "go"], [6, "count_reset"]]
    assert result["after"] == result["applied"]  # nothing of the batch after the hole
    assert result["sent"] == [{"type": "sync", "seq": 6}]


def test_keep_alives_come_every_fifteen_to_twenty_five_seconds_never_on_one_beat(js):
    delays = js(
        'const { keepaliveDelay } = await load("connection.js"); return [0, 0.5, 0.999].map((r) => keepaliveDelay(() => r));'
    )
    assert delays == [15000, 20000, 24990]


def test_the_reconnection_delay_doubles_up_to_ten_seconds(js):
    delays = js(
        'const { backoffDelay } = await load("connection.js"); return [0, 1, 2, 3, 4, 5, 10].map((n) => backoffDelay(n, () => 0.5));'
    )
    assert delays == [500, 1000, 2000, 4000, 8000, 10000, 10000]


def test_an_ack_ahead_of_the_events_received_leads_to_a_sync_when_they_do_not_follow(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(7));
        const id = connection.act({ type: "play", card: "5H" });
        socket.server({ type: "ack", action_id: id, seq: 9, duplicate: false });
        socket.server(event(8));  // 9 was lost on the way
        clock.advance(1499);
        const beforeWait = socket.sent.slice(1);
        clock.advance(1);
        const afterWait = socket.sent.slice(1);
        socket.server({ type: "synced", seq: 9, events: [event(9, "go_scored")] });
        return { beforeWait, afterWait, events: seen.events };
        """
    )
    assert result["beforeWait"] == []
    assert result["afterWait"] == [{"type": "sync", "seq": 8}]
    assert result["events"] == [[8, "go"], [9, "go_scored"]]


def test_an_ack_whose_events_arrive_in_time_asks_for_nothing(js):
    sent = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(7));
        const id = connection.act({ type: "play", card: "5H" });
        socket.server({ type: "ack", action_id: id, seq: 8, duplicate: false });
        socket.server(event(8));
        clock.advance(14_999);  // up to the first keep-alive, which is never sooner than 15 s
        return socket.sent.map((frame) => frame.type);
        """
    )
    assert sent == ["play"]


def test_history_frames_reach_only_the_history_handler_and_newer_ones_are_applied(js):
    result = js(
        FAKE_SOCKET
        + """
        const history = [];
        handlers.onHistory = (frames) => history.push(frames.map((frame) => frame.seq));
        const { connection, socket } = opened();
        socket.server(hello(10));
        const asked = connection.requestHistory(7);
        const again = connection.requestHistory(7);  // one question at a time
        socket.server(event(11));  // arrives meanwhile: the answer carries it
        socket.server({ type: "synced", seq: 11, events: [event(8), event(9), event(10), event(11, "count_reset")] });
        socket.server(event(12));
        return { asked, again, sent: socket.sent, history, events: seen.events };
        """
    )
    assert (result["asked"], result["again"]) == (True, False)
    assert result["sent"] == [{"type": "sync", "seq": 7}]
    assert result["history"] == [[8, 9, 10]]
    assert result["events"] == [[11, "count_reset"], [12, "go"]], "history is never re-applied"


def test_history_is_asked_from_1_at_the_earliest_since_a_sync_from_0_gets_a_snapshot(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(10));
        const asked = connection.requestHistory(0);
        return { asked, sent: socket.sent };
        """
    )
    assert result["asked"] is True
    assert result["sent"] == [{"type": "sync", "seq": 1}]


def test_a_keep_alive_unanswered_for_five_seconds_drops_the_socket_and_reconnects(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(3));
        connection.keepAliveNow();
        clock.advance(4999);
        const stillWaiting = [FakeSocket.instances.length, socket.readyState];
        clock.advance(1);  // five seconds of silence: the server is stopped or cut off
        const given_up = socket.readyState;
        clock.advance(600);  // the first backoff is 400 to 600 ms
        const second = FakeSocket.instances.at(-1);
        second.open();
        second.server(hello(5));  // the new hello puts the page back in step
        return { stillWaiting, given_up, instances: FakeSocket.instances.length,
                 firstSent: socket.sent, hellos: seen.hellos, statuses: seen.statuses };
        """
    )
    assert result["stillWaiting"] == [1, 1]
    assert result["given_up"] == 3
    assert result["instances"] == 2
    assert result["firstSent"] == [{"type": "sync", "seq": 3}]
    assert result["hellos"] == [3, 5]
    assert result["statuses"] == ["connecting", "open", "closed", "connecting", "open"]


def test_any_frame_from_the_server_answers_a_keep_alive(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(3));
        connection.keepAliveNow();
        clock.advance(1000);
        socket.server({ type: "synced", seq: 3, events: [] });
        clock.advance(10_000);
        return { instances: FakeSocket.instances.length, open: socket.readyState };
        """
    )
    assert result == {"instances": 1, "open": 1}


def test_a_keep_alive_while_a_sync_is_out_is_a_ping_and_still_watched(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(3));
        connection.requestSync();
        connection.keepAliveNow();
        clock.advance(5000);
        return { sent: socket.sent.map((frame) => frame.type), instances: FakeSocket.instances.length,
                 state: socket.readyState };
        """
    )
    assert result["sent"][:2] == ["sync", "ping"]
    assert result["state"] == 3  # no answer to either: dropped


def test_a_socket_that_never_says_hello_is_given_up_and_tried_again(js):
    result = js(
        FAKE_SOCKET
        + """
        const connection = new MatchConnection("ws://test/", handlers, { WebSocketClass: FakeSocket });
        connection.connect();
        FakeSocket.instances[0].open();  // the handshake went through, then nothing (a stopped server)
        clock.advance(9999);
        const before = FakeSocket.instances.length;
        clock.advance(1 + 600);
        return { before, after: FakeSocket.instances.length, first: FakeSocket.instances[0].readyState };
        """
    )
    assert result == {"before": 1, "after": 2, "first": 3}


def test_a_server_error_close_is_followed_by_a_reconnect_and_a_fresh_hello(js):
    result = js(
        FAKE_SOCKET
        + """
        const { connection, socket } = opened();
        socket.server(hello(3));
        socket.server({ type: "error", code: "server_error", message: "reconnect", action_id: null });
        socket.close(4500);
        clock.advance(600);
        const second = FakeSocket.instances.at(-1);
        second.open();
        second.server(hello(7));
        return { instances: FakeSocket.instances.length, hellos: seen.hellos, errors: seen.errors };
        """
    )
    assert result == {"instances": 2, "hellos": [3, 7], "errors": ["server_error"]}


def test_the_chat_and_lobby_socket_reconnects_when_a_ping_gets_no_answer(js):
    result = js(
        FAKE_SOCKET
        + """
        const { ReconnectingSocket } = await load("chat.js");
        const received = [];
        const chat = new ReconnectingSocket("/ws/lobby/", { onMessage: (frame) => received.push(frame.type),
                                                            WebSocketClass: FakeSocket });
        const first = FakeSocket.instances.at(-1);
        first.open();
        chat.ping();
        clock.advance(1000);
        first.server({ type: "pong" });  // answered: kept
        chat.ping();
        clock.advance(5000);  // not answered: dropped
        clock.advance(600);
        const second = FakeSocket.instances.at(-1);
        second.open();
        second.server({ type: "hello" });
        first.server({ type: "late" });  // the abandoned socket is not heard any more
        return { instances: FakeSocket.instances.length, first: first.readyState, received,
                 pings: first.sent.map((frame) => frame.type) };
        """
    )
    assert result == {
        "instances": 2,
        "first": 3,
        "received": ["pong", "hello"],
        "pings": ["ping", "ping"],
    }
