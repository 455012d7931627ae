// The sandbox shop's page script: starts payments with the popup script and shows what its
// callbacks report (#result holds the last outcome; #events lists every callback in order;
// window.merchantEvents keeps them for browser tests).
(function () {
  "use strict";
  var shop = document.getElementById("shop");
  var result = document.getElementById("result");
  var list = document.getElementById("events");
  var events = [];
  window.merchantEvents = events;

  function record(name, data) {
    events.push({ name: name, data: data === undefined ? null : data });
    var item = document.createElement("li");
    item.textContent = name + (data && data.reference ? " " + data.reference : "");
    list.appendChild(item);
    if (name !== "load") {
      result.setAttribute("data-event", name);
      result.textContent =
        name === "success" ? "Paid: reference " + data.reference
        : name === "cancel" ? "Payment cancelled"
        : "Payment error: " + ((data && data.message) || "unknown");
    }
  }

  function params() {
    return {
      key: shop.getAttribute("data-key"),
      email: document.getElementById("email").value,
      amount: Number(document.getElementById("amount").value),
      metadata: { source: "sandbox shop" },
      onLoad: function (data) { record("load", data); },
      onSuccess: function (data) { record("success", data); },
      onCancel: function () { record("cancel"); },
      onError: function (error) { record("error", error); }
    };
  }

  var popup = new window.PaystackPop();
  document.getElementById("pay").addEventListener("click", function () {
    try {
      popup.newTransaction(params());
    } catch (error) {
      record("error", { message: error.message });
    }
  });
  document.getElementById("checkout").addEventListener("click", function () {
    popup.checkout(params()).catch(function (error) { record("error", { message: error.message }); });
  });
}());
