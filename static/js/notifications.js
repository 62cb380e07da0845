// The header's bell (docs/social.md, "Notifications"): the unread count kept live over
// /ws/notifications/, a small list of the latest, and a toast when one arrives, on every page
// of a signed-in person. Without scripts the bell is a link to /notifications/ showing the
// count the page was rendered with.
//
// Text from the server goes on the page with textContent only, never as HTML.

import { ReconnectingSocket } from "./chat.js";

const TOAST_FOR_MS = 8000;

/** The bell's accessible name: the count is in the label, so a screen reader says it. */
export function bellLabel(unread) {
  if (!unread) return "Notifications, none unread";
  return `Notifications, ${unread} unread`;
}

class Bell {
  constructor(root) {
    this.root = root;
    this.link = root.querySelector("[data-bell-link]");
    this.button = root.querySelector("[data-bell-button]");
    this.count = root.querySelector("[data-bell-count]");
    this.panel = root.querySelector("[data-bell-panel]");
    this.list = root.querySelector("[data-bell-list]");
    this.toasts = document.getElementById("toasts");
    this.latest = [];
    // The script takes over: a button opens the list; the link stays for no-script pages.
    this.link.hidden = true;
    this.button.hidden = false;
    this.button.addEventListener("click", () => this.setOpen(this.panel.hidden));
    root.addEventListener("keydown", (keyEvent) => {
      if (keyEvent.key !== "Escape" || this.panel.hidden) return;
      this.setOpen(false);
      this.button.focus();
    });
    document.addEventListener("click", (clickEvent) => {
      if (!this.panel.hidden && !root.contains(clickEvent.target)) this.setOpen(false);
    });
    root.querySelector("[data-bell-read-all]").addEventListener("click", () => this.markRead({ all: true }));
    this.setUnread(Number(this.count.textContent) || 0);
    this.socket = new ReconnectingSocket(root.dataset.socketPath, { onMessage: (frame) => this.handle(frame) });
  }

  handle(frame) {
    if (frame.type === "hello") {
      this.latest = frame.latest;
      this.setUnread(frame.unread);
      this.renderList();
      this.root.dataset.live = "true"; // the count and list are now the server's
    } else if (frame.type === "notification") {
      this.latest = [frame.notification, ...this.latest.filter((one) => one.id !== frame.notification.id)].slice(0, 5);
      this.setUnread(frame.unread);
      this.renderList();
      this.toast(frame.notification);
    } else if (frame.type === "unread") {
      this.setUnread(frame.unread);
      if (frame.unread === 0) this.latest.forEach((one) => (one.read = true));
      this.renderList();
    }
  }

  setOpen(open) {
    this.panel.hidden = !open;
    this.button.setAttribute("aria-expanded", String(open));
  }

  setUnread(unread) {
    this.unread = unread;
    this.count.textContent = String(unread);
    this.count.hidden = unread === 0;
    this.root.dataset.unread = String(unread);
    this.button.setAttribute("aria-label", bellLabel(unread));
    this.link.setAttribute("aria-label", bellLabel(unread));
  }

  renderList() {
    const items = this.latest.map((notification) => {
      const item = document.createElement("li");
      item.className = notification.read ? "bell-item" : "bell-item unread";
      const link = document.createElement("a");
      link.href = notification.url;
      link.textContent = notification.text;
      link.addEventListener("click", () => {
        if (!notification.read) this.markRead({ id: notification.id });
      });
      const when = document.createElement("time");
      when.dateTime = notification.created;
      when.textContent = new Date(notification.created).toLocaleString();
      item.append(link, when);
      return item;
    });
    if (items.length === 0) {
      const empty = document.createElement("li");
      empty.className = "bell-empty";
      empty.textContent = "Nothing yet.";
      items.push(empty);
    }
    this.list.replaceChildren(...items);
  }

  markRead(body) {
    fetch(this.root.dataset.readUrl, {
      method: "POST",
      credentials: "same-origin",
      keepalive: true, // a click on an item also leaves the page
      headers: { "Content-Type": "application/json", "X-CSRFToken": this.root.dataset.csrf },
      body: JSON.stringify(body),
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer) => {
        if (answer) this.handle({ type: "unread", unread: answer.unread });
      })
      .catch(() => {});
  }

  /** Shown for a few seconds (longer while the pointer or the keyboard is on it); the live
   * region reads it out once. */
  toast(notification) {
    const toast = document.createElement("div");
    toast.className = `toast toast-${notification.kind}`;
    toast.dataset.testid = "toast";
    const text = document.createElement("a");
    text.href = notification.url;
    text.textContent = notification.text;
    text.addEventListener("click", () => this.markRead({ id: notification.id }));
    const close = document.createElement("button");
    close.type = "button";
    close.className = "toast-close";
    close.setAttribute("aria-label", "Dismiss");
    close.textContent = "×";
    close.addEventListener("click", () => toast.remove());
    toast.append(text, close);
    this.toasts.append(toast);
    const leave = () => {
      if (!toast.matches(":hover, :focus-within")) toast.remove();
      else window.setTimeout(leave, TOAST_FOR_MS);
    };
    window.setTimeout(leave, TOAST_FOR_MS);
  }
}

const root = document.getElementById("bell");
if (root) new Bell(root);
