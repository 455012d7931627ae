// The sandbox checkout page's script (sandbox_checkout.html): it reads the page's
// #checkout-data and speaks the popup's postMessage protocol to its parent or opener.
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("checkout-data").textContent);
  var tx = cfg.transaction || null;
  var body = document.body;
  var polling = null;
  var before = "idle";
  var messages = [];
  window.sandboxCheckout = { messages: messages };

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

  window.addEventListener("message", function (event) {
    if (!target.host || event.source !== target.host || event.origin !== target.origin) return;
    var data = event.data;
    if (!data || typeof data !== "object" || typeof data.event !== "string") return;
    body.setAttribute("data-received", data.event);
    if (data.event === "close") stopPolling();
  });

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

  post("loaded:checkout", {});
  var problem = cfg.error || target.problem;
  if (problem || !tx) {
    setState("error");
    result("!", "This payment cannot be opened", problem || "Unknown payment.");
    post("error", { type: "setup", message: problem || "Unknown payment." });
    return;
  }
  post("loaded:transaction", {
    id: tx.id, reference: tx.reference, access_code: tx.accessCode, amount: tx.amount,
    currency: tx.currency, email: tx.email, status: tx.status, channels: tx.channels
  });
  if (tx.channels.indexOf("bank_transfer") < 0) { show("bank-transfer", false); show("transfer-divider", false); }
  if (tx.status === "success") {
    setState("success");
    result("\u2713", "Already paid", "This payment is complete. Reference " + tx.reference + ".");
  } else if (tx.status === "pending") {
    setState("pending");
    result("\u2026", "Transfer pending", "Waiting for your transfer to account " + tx.accountNumber + ".");
    startPolling();
  } else {
    setState("idle");
  }
}());
