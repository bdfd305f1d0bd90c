vcl 4.1;

# Varnish in front of Legenda (README, 'Behind a CDN'; docs/adr/0031-visitor-pages-behind-a-cdn.md).
# Keeps the visitor pages Legenda marks as shared (Surrogate-Control), each until a change
# purges it: Legenda posts the changed pages' tags to CDN_PURGE_URL, which points here
# (http://VARNISH/.legenda-purge). Everything else passes through to Legenda unchanged.
# Checked with Varnish 7.1 (Debian 12): varnishd -C -f docs/cdn/varnish.vcl

import std;

# Legenda's Node server (npm run serve). Change the address and port to yours.
backend legenda {
    .host = "127.0.0.1";
    .port = "4321";
}

# Who may purge: the machines Legenda runs on.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # Legenda's purge hook: drop every page carrying one of the tags (space-separated).
    if (req.url == "/.legenda-purge") {
        if (req.method != "POST" || client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.Surrogate-Key !~ "^[a-z0-9 -]+$") {
            return (synth(400, "No tags"));
        }
        # Tags are letters, digits and dashes: safe inside a regular expression (which must
        # hold no space: a ban's words are separated by spaces).
        ban("obj.http.Surrogate-Key ~ (^|\s)(" +
            regsuball(std.tolower(req.http.Surrogate-Key), " +", "|") + ")(\s|$)");
        return (synth(200, "Purged"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The visitor pages: an article, a circuit, a museum's guide home. Only an address that
    # names its language can be the same for everyone: without `lang` the page follows the
    # visitor's cookie or phone. A text size remembered in a cookie makes a page of its own.
    if (req.url ~ "^/(article|circuit)\?" || req.url ~ "^/visit/[^/?]+(\?|$)") {
        if (req.url !~ "[?&]lang=" || req.http.Cookie ~ "(^|;\s*)legenda_size=") {
            return (pass);
        }
        # The page does not read the other cookies: one copy for everyone.
        unset req.http.Cookie;
        return (hash);
    }
    # The rest (the count requests /seen, scans /r/, the staff's pages and API) is Legenda's.
    return (pass);
}

sub vcl_backend_response {
    # Legenda says which pages shared caches keep, and for how long (until a purge).
    if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+" && !beresp.http.Set-Cookie) {
        set beresp.ttl = std.duration(
            regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
        set beresp.grace = 60s;
        return (deliver);
    }
    # Anything else is asked of Legenda each time (a first translation, a visitor's own page).
    set beresp.uncacheable = true;
    set beresp.ttl = 10s;
    return (deliver);
}

sub vcl_deliver {
    # The tags and the caches' own lifetimes are for caches; browsers revalidate (Cache-Control).
    unset resp.http.Surrogate-Key;
    unset resp.http.Surrogate-Control;
    unset resp.http.CDN-Cache-Control;
    unset resp.http.Cache-Tag;
    unset resp.http.Netlify-CDN-Cache-Control;
    unset resp.http.Netlify-Cache-Tag;
    unset resp.http.Netlify-Vary;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
