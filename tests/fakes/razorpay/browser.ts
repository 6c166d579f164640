/*
 * The fake Razorpay's browser side, served by the fake itself (so it stays plain JavaScript, in
 * strings): `checkout.js` with the `window.Razorpay` API the shop calls, and the Checkout form it
 * opens: in an iframe on the fake's origin for the modal, or as a whole page on the fake's origin for
 * redirect mode. Like the real one, the shop's page needs the fake's origin in script-src and
 * frame-src, and redirect mode's POST reaches the shop cross-site, from the gateway's origin.
 */

/** `/v1/checkout.js`: `new Razorpay(options)`, `.open()`, `.close()`, `.on('payment.failed', cb)`. */
export function checkoutScript(origin: string): string {
  return `/* Fake Razorpay Checkout for tests: never shipped. */
(function () {
  "use strict";
  var ORIGIN = ${JSON.stringify(origin)};

  function text(value) {
    return value === undefined || value === null ? "" : String(value);
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) throw new TypeError("Razorpay must be called with new");
    if (!options || typeof options !== "object") throw new TypeError("Razorpay: options are required");
    if (!options.key) throw new Error("Razorpay: options.key is required");
    this.options = options;
    this._listeners = {};
    this._overlay = null;
    this._onMessage = null;
  }

  Razorpay.prototype.on = function (name, callback) {
    (this._listeners[name] = this._listeners[name] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (name, data) {
    (this._listeners[name] || []).slice().forEach(function (callback) {
      callback(data);
    });
  };

  Razorpay.prototype._query = function (mode) {
    var o = this.options;
    var prefill = o.prefill || {};
    var retry = o.retry === false || (o.retry && o.retry.enabled === false) ? "0" : "1";
    var params = new URLSearchParams({
      mode: mode,
      origin: window.location.origin,
      key: text(o.key),
      order_id: text(o.order_id),
      amount: text(o.amount),
      currency: text(o.currency || "INR"),
      name: text(o.name),
      description: text(o.description),
      email: text(prefill.email),
      contact: text(prefill.contact),
      notes: JSON.stringify(o.notes || {}),
      retry: retry,
      redirect: o.redirect ? "1" : "0"
    });
    if (o.callback_url) params.set("callback_url", text(o.callback_url));
    return params.toString();
  };

  Razorpay.prototype.open = function () {
    var o = this.options;
    if (!o.order_id) throw new Error("Razorpay (fake): options.order_id is required; create the order with the Orders API");
    if (o.redirect) {
      if (!o.callback_url) throw new Error("Razorpay: redirect needs callback_url");
      window.location.assign(ORIGIN + "/_fake/checkout/ui?" + this._query("page"));
      return this;
    }
    if (this._overlay) return this;
    var self = this;
    var overlay = document.createElement("div");
    overlay.setAttribute("data-fake-razorpay", "");
    overlay.style.position = "fixed";
    overlay.style.inset = "0";
    overlay.style.zIndex = "2147483647";
    overlay.style.display = "flex";
    overlay.style.alignItems = "center";
    overlay.style.justifyContent = "center";
    overlay.style.background = "rgba(0, 0, 0, 0.55)";
    var frame = document.createElement("iframe");
    frame.name = "razorpay-checkout-frame";
    frame.title = "Razorpay Checkout";
    frame.src = ORIGIN + "/_fake/checkout/ui?" + this._query("frame");
    frame.style.width = "340px";
    frame.style.maxWidth = "92vw";
    frame.style.height = "320px";
    frame.style.border = "0";
    frame.style.borderRadius = "8px";
    frame.style.background = "#fff";
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    this._overlay = overlay;
    this._onMessage = function (event) {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      var message = event.data;
      if (!message || message.type !== "fake-razorpay") return;
      if (message.event === "success") {
        self.close();
        if (typeof o.handler === "function") o.handler(message.response);
      } else if (message.event === "failure") {
        self._emit("payment.failed", { error: message.error });
      } else if (message.event === "dismiss") {
        self.close();
        if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
      }
    };
    window.addEventListener("message", this._onMessage);
    return this;
  };

  Razorpay.prototype.close = function () {
    if (this._onMessage) window.removeEventListener("message", this._onMessage);
    this._onMessage = null;
    if (this._overlay && this._overlay.parentNode) this._overlay.parentNode.removeChild(this._overlay);
    this._overlay = null;
  };

  window.Razorpay = Razorpay;
})();
`;
}

/**
 * `/_fake/checkout/ui`: the Checkout form. `mode=frame` inside the modal (results go to the page by
 * postMessage, or to callback_url with target _top); `mode=page` for redirect mode (results are
 * POSTed to callback_url from this page, as Razorpay's hosted page does).
 */
export const CHECKOUT_UI_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Razorpay Checkout (fake)</title>
<link rel="icon" href="data:,">
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; padding: 18px; color: #1f1a17; }
  h1 { font-size: 16px; margin: 0 0 4px; }
  .amount { font-size: 24px; font-weight: 600; margin: 8px 0; }
  .muted { color: #6b625a; font-size: 13px; }
  .buttons { display: flex; gap: 8px; margin-top: 16px; }
  button { flex: 1; padding: 10px; font: inherit; border-radius: 6px; border: 1px solid #ccc; background: #f6f6f6; cursor: pointer; }
  button.pay { background: #2b6cb0; color: #fff; border-color: #2b6cb0; }
  #status { min-height: 20px; margin-top: 12px; color: #9b2c2c; }
</style>
</head>
<body>
<h1 id="name"></h1>
<div class="muted" id="description"></div>
<div class="amount" id="amount"></div>
<div class="muted">Order <span id="order"></span> · TEST GATEWAY</div>
<div class="buttons">
  <button type="button" class="pay" id="pay">Pay</button>
  <button type="button" id="fail">Fail</button>
  <button type="button" id="close">Close</button>
</div>
<div id="status" role="status"></div>
<script>
(function () {
  "use strict";
  var q = new URLSearchParams(window.location.search);
  var mode = q.get("mode") === "page" ? "page" : "frame";
  var parentOrigin = q.get("origin") || "*";
  var callbackUrl = q.get("callback_url");
  var redirect = q.get("redirect") === "1";
  var retry = q.get("retry") !== "0";
  var notes = {};
  try { notes = JSON.parse(q.get("notes") || "{}"); } catch (e) { notes = {}; }
  var request = {
    key: q.get("key"),
    order_id: q.get("order_id"),
    amount: Number(q.get("amount")),
    currency: q.get("currency") || "INR",
    email: q.get("email"),
    contact: q.get("contact"),
    notes: notes
  };
  var buttons = ["pay", "fail", "close"].map(function (id) { return document.getElementById(id); });
  var status = document.getElementById("status");
  document.getElementById("name").textContent = q.get("name") || "Merchant";
  document.getElementById("description").textContent = q.get("description") || "";
  document.getElementById("order").textContent = request.order_id || "";
  document.getElementById("amount").textContent = (request.amount / 100).toLocaleString("en-IN", { style: "currency", currency: request.currency });

  function busy(on) { buttons.forEach(function (b) { b.disabled = on; }); }
  function tell(message) {
    message.type = "fake-razorpay";
    window.parent.postMessage(message, parentOrigin);
  }
  function post(path) {
    return fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) })
      .then(function (response) { return response.json().then(function (body) { return { ok: response.ok, body: body }; }); });
  }
  function submit(fields) {
    var form = document.createElement("form");
    form.method = "POST";
    form.action = callbackUrl;
    form.target = mode === "frame" ? "_top" : "_self";
    Object.keys(fields).forEach(function (name) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = fields[name];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }
  function errorFields(error) {
    var fields = {};
    ["code", "description", "source", "step", "reason", "field"].forEach(function (name) {
      if (error[name] !== null && error[name] !== undefined) fields["error[" + name + "]"] = String(error[name]);
    });
    fields["error[metadata]"] = JSON.stringify(error.metadata || {});
    return fields;
  }

  document.getElementById("pay").addEventListener("click", function () {
    busy(true);
    status.textContent = "";
    post("/_fake/checkout/pay").then(function (result) {
      if (!result.ok) {
        status.textContent = result.body.error.description;
        busy(false);
        return;
      }
      if (callbackUrl) submit(result.body);
      else tell({ event: "success", response: result.body });
    });
  });

  document.getElementById("fail").addEventListener("click", function () {
    busy(true);
    post("/_fake/checkout/fail").then(function (result) {
      var error = result.body.error;
      if (!result.ok) {
        status.textContent = error.description;
        busy(false);
        return;
      }
      if (callbackUrl && redirect) {
        submit(errorFields(error));
        return;
      }
      status.textContent = "Payment failed: " + error.description;
      tell({ event: "failure", error: error });
      if (!retry) tell({ event: "dismiss" });
      busy(false);
    });
  });

  document.getElementById("close").addEventListener("click", function () {
    if (mode === "page") window.history.back();
    else tell({ event: "dismiss" });
  });
})();
</script>
</body>
</html>
`;
