// The sandbox checkout page's script (checkout.html): it reads the page's
// #checkout-data and speaks the popup's postMessage protocol to its parent or opener.
// Opened with ?access_code=… it shows that transaction. Framed without one (as the payment popup
// script frames {checkout host}popup), it waits for the script's `inline:url` message: with
// {accessCode} it loads that transaction, with the script's parameters it asks
// checkout/request_inline for a new one, as the provider's checkout page does.
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("checkout-data").textContent);
  var tx = cfg.transaction || null;
  var body = document.body;
  var polling = null;
  var before = "idle";
  var messages = [];
  var received = [];
  window.sandboxCheckout = { messages: messages, received: received };

  function el(id) { return document.getElementById(id); }
  function show(id, visible) { el(id).hidden = !visible; }

  // Where messages go: the parent frame, else the window that opened us, at its origin only.
  // The origin is, in order: the browser's own word (location.ancestorOrigins, frames only),
  // the `origin` query parameter, the referrer's origin, and our own origin. Never the wildcard.
  function findTarget() {
    var host = null;
    try {
      if (window.parent && window.parent !== window) host = window.parent;
      else if (window.opener && !window.opener.closed) host = window.opener;
    } catch (e) { host = null; }
    if (!host) return { host: null, origin: null, problem: null };
    var ancestor = null;
    if (host === window.parent && location.ancestorOrigins && location.ancestorOrigins.length) {
      ancestor = location.ancestorOrigins[0];
    }
    if (ancestor && cfg.origin && ancestor !== cfg.origin) {
      return { host: null, origin: null,
        problem: "The page showing this checkout is not " + cfg.origin + "." };
    }
    var referrer = null;
    try { if (document.referrer) referrer = new URL(document.referrer).origin; } catch (e) {}
    var origin = ancestor || cfg.origin || referrer || location.origin;
    if (!origin || origin === "null") {
      return { host: null, origin: null, problem: "The origin of the page showing this checkout is unknown." };
    }
    return { host: host, origin: origin, problem: null };
  }
  var target = findTarget();

  function post(event, data) {
    var message = { event: event, data: data || {} };
    if (cfg.id) message.id = cfg.id;
    messages.push(message);
    body.setAttribute("data-last-event", event);
    if (target.host) target.host.postMessage(message, target.origin);
  }

  function setState(state) {
    body.setAttribute("data-state", state);
    if (state === "waiting") {
      ["card-form", "otp-form", "result", "cancel", "close", "summary", "error"].forEach(function (id) { show(id, false); });
      return;
    }
    var busy = state === "processing";
    ["pay", "bank-transfer", "submit-otp", "cancel"].forEach(function (id) { el(id).disabled = busy; });
    el("pay").textContent = busy ? "Processing\u2026" : "Pay " + (tx ? tx.amountText : "");
    var final = state === "success" || state === "pending" || state === "cancelled" || state === "error";
    show("card-form", !final && state !== "otp" && !(state === "processing" && before === "otp"));
    show("otp-form", state === "otp" || (state === "processing" && before === "otp"));
    show("result", final || state === "failed");
    show("cancel", !final);
    show("close", final && !!target.host && state !== "cancelled");
    if (state !== "processing") show("error", false);
    if (final) show("summary", state !== "error");
  }

  function result(icon, title, text) {
    el("result-icon").textContent = icon;
    el("result-title").textContent = title;
    el("message").textContent = text || "";
  }

  function showError(text) {
    el("error").textContent = text;
    show("error", true);
  }

  function succeeded(message) {
    stopPolling();
    setState("success");
    result("\u2713", "Payment successful", tx.amountText + " paid. Reference " + tx.reference + ".");
    if (tx.redirecturl && !target.host) {
      el("continue").href = tx.redirecturl;
      show("continue", true);
    }
    post("success", {
      reference: tx.reference, trxref: tx.reference, status: "success",
      trans: String(tx.id), transaction: String(tx.id), message: message || "Approved",
      redirecturl: tx.redirecturl || null
    });
  }

  function failed(message) {
    stopPolling();
    setState("failed");
    result("!", "Payment failed", message + ". Try another card or pay by bank transfer.");
    post("error", { type: "charge", message: message, reference: tx.reference });
  }

  function pending(text, account) {
    setState("pending");
    result("\u2026", "Transfer pending", text);
    post("transfer:pending", {
      reference: tx.reference, status: "pending", message: text,
      account_number: account || null, bank: "Sandbox Bank"
    });
    startPolling();
  }

  function handle(data) {
    if (data.status === "success") return succeeded("Approved");
    if (data.status === "failed") return failed(data.message || data.gateway_response);
    if (data.status === "send_otp") {
      before = "otp";
      setState("otp");
      el("otp-prompt").textContent = data.message;
      el("otp").value = "";
      el("otp").focus();
      return undefined;
    }
    if (data.status === "pending") return pending(data.display_text || data.message, data.account_number);
    showError("Unexpected answer: " + data.status);
    return setState(before);
  }

  function charge(payload) {
    payload.access_code = tx.accessCode;
    setState("processing");
    return fetch(cfg.chargeUrl, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(payload)
    }).then(function (response) {
      return response.json().catch(function () {
        return { status: false, message: "The sandbox answered " + response.status };
      });
    }).then(function (answer) {
      if (!answer || answer.status !== true) {
        setState(before);
        showError((answer && answer.message) || "Something went wrong");
        return;
      }
      handle(answer.data);
    }, function () {
      setState(before);
      showError("Could not reach the sandbox. Check your connection and try again.");
    });
  }

  function startPolling() {
    stopPolling();
    polling = window.setInterval(function () {
      fetch(cfg.verifyUrl + encodeURIComponent(tx.accessCode), { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          if (!answer || !answer.status) return;
          var status = answer.data.transaction_status;
          if (status === "success") succeeded("Approved");
          else if (status === "failed") { before = "idle"; failed("Transfer not received"); }
        }, function () { /* try again at the next tick */ });
    }, 2000);
  }
  function stopPolling() { if (polling !== null) { window.clearInterval(polling); polling = null; } }

  // What the popup script says: 'render' and 'close' as strings; {type: 'inline:url', path,
  // params}, {type: 'inline:pay-with-vault'} and {type: 'analytics', action, params} as objects.
  // Only from the window showing this page, at its origin.
  window.addEventListener("message", function (event) {
    if (!target.host || event.source !== target.host || event.origin !== target.origin) return;
    var data = event.data;
    var name = typeof data === "string" ? data
      : data && typeof data === "object" ? (typeof data.type === "string" ? data.type : data.event) : null;
    if (typeof name !== "string") return;
    received.push(data);
    body.setAttribute("data-received", name);
    if (name === "close") stopPolling();
    if (name === "inline:url" && data.params && typeof data.params === "object") open(data.params);
  });

  function money(amount, currency) {
    var major = (amount / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return currency === "NGN" ? "\u20A6" + major : currency + " " + major;
  }

  // Loads the transaction the popup script names (or asks for a new one) and shows it.
  function open(params) {
    stopPolling();
    var request = params.accessCode
      ? fetch(cfg.verifyUrl + encodeURIComponent(params.accessCode), { credentials: "same-origin" })
      : fetch(cfg.requestUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "application/json" },
        body: JSON.stringify(params)
      });
    request.then(function (response) {
      return response.json().catch(function () {
        return { status: false, message: "The sandbox answered " + response.status };
      });
    }).then(function (answer) {
      if (!answer || answer.status !== true) return refuse((answer && answer.message) || "Unknown payment.");
      var data = answer.data;
      showTransaction({
        id: data.id, accessCode: data.access_code, reference: data.reference,
        status: data.transaction_status, amount: data.amount, currency: data.currency,
        email: data.email, channels: data.channels, amountText: money(data.amount, data.currency),
        redirecturl: null, accountNumber: null
      });
    }, function () { refuse("Could not reach the sandbox."); });
  }

  function showTransaction(next) {
    tx = next;
    document.title = "Pay " + tx.amountText + " \u00B7 " + document.querySelector(".merchant").textContent;
    el("email").textContent = tx.email;
    el("amount").textContent = tx.amountText;
    start();
  }

  function refuse(problem) {
    setState("error");
    result("!", "This payment cannot be opened", problem);
    post("error", { type: "setup", message: problem });
  }

  el("card-form").addEventListener("submit", function (event) {
    event.preventDefault();
    before = "idle";
    charge({ card: {
      number: el("card-number").value, cvv: el("card-cvv").value, expiry: el("card-expiry").value
    } });
  });
  el("otp-form").addEventListener("submit", function (event) {
    event.preventDefault();
    before = "otp";
    charge({ otp: el("otp").value });
  });
  el("bank-transfer").addEventListener("click", function () {
    before = "idle";
    charge({ bank_transfer: true });
  });
  el("cancel").addEventListener("click", function () {
    stopPolling();
    setState("cancelled");
    result("\u00D7", "Payment cancelled", "You have not been charged.");
    post("cancel", { reference: tx ? tx.reference : null });
  });
  el("close").addEventListener("click", function () {
    stopPolling();
    post("close", { reference: tx ? tx.reference : null, status: body.getAttribute("data-state") });
  });
  Array.prototype.forEach.call(document.querySelectorAll(".hint"), function (button) {
    button.addEventListener("click", function () {
      el("card-number").value = button.getAttribute("data-number").replace(/(\d{4})(?=\d)/g, "$1 ");
      if (!el("card-expiry").value) {
        el("card-expiry").value = "12/" + String((new Date().getFullYear() + 3) % 100).padStart(2, "0");
      }
      if (!el("card-cvv").value) el("card-cvv").value = "408";
      el("pay").focus();
    });
  });

  // Shows the transaction in `tx`, as it stands.
  function start() {
    post("loaded:transaction", {
      id: tx.id, reference: tx.reference, access_code: tx.accessCode, amount: tx.amount,
      currency: tx.currency, email: tx.email, status: tx.status, channels: tx.channels
    });
    var transfer = tx.channels.indexOf("bank_transfer") >= 0;
    show("bank-transfer", transfer);
    show("transfer-divider", transfer);
    show("summary", true);
    if (tx.status === "success") {
      setState("success");
      result("\u2713", "Already paid", "This payment is complete. Reference " + tx.reference + ".");
    } else if (tx.status === "pending") {
      setState("pending");
      result("\u2026", "Transfer pending", "Waiting for your transfer" + (tx.accountNumber ? " to account " + tx.accountNumber : "") + ".");
      startPolling();
    } else {
      setState("idle");
    }
  }

  post("loaded:checkout", {});
  var problem = cfg.error || target.problem;
  if (!problem && !tx && cfg.waiting && target.host) {
    setState("waiting");
    return;
  }
  if (problem || !tx) {
    refuse(problem || "Unknown payment.");
    return;
  }
  start();
}());
