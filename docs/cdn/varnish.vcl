#
# Varnish in front of a self-hosted Legenda: visitor pages served from the cache, every view still
# counted by the origin, a page purged the moment a curator changes what it shows.
#
# Tested with Varnish 7.1 (Debian bookworm: apt-get install varnish) by `npm run test:cdn`, which
# runs this very file. To use it:
#
#   1. Point the backend below at Legenda (its HOST and PORT; start Legenda with TRUST_PROXY=true
#      so that it reads the visitor's address from the X-Forwarded-For Varnish adds).
#   2. Set Legenda's CDN_PURGE_URL to this Varnish's purge hook, as Legenda reaches it:
#      CDN_PURGE_URL=http://127.0.0.1:6081/.well-known/legenda-purge
#      and list Legenda's address in the legenda_purgers ACL below if it is not this machine.
#   3. varnishd -a :6081 -f /etc/varnish/legenda.vcl -s malloc,256m
#
# What it does:
#   - Keeps only the answers Legenda marks for shared caches (Surrogate-Control or
#     CDN-Cache-Control with a max-age), for that long, keyed by address. Everything else goes to
#     Legenda each time: no-store or private answers, answers that set a cookie, errors, staff
#     calls and anything signed in, every method but GET and HEAD, and each page's count request
#     (GET /seen, the image every visitor page shows: Legenda counts the view there).
#   - Drops the cookies a kept page does not read: all but Legenda's own, and the remembered
#     language on a page whose address names its language. A text size chosen before (its
#     cookie) is the visitor's own page, asked from Legenda.
#   - The language picker a first scan lands on (an address without `lang`) says
#     `Vary: Accept-Language`: Varnish keeps one per phone languages, as it honours any Vary.
#   - Keeps each page's Surrogate-Key header (its cache tags) with the page, for the purge hook.
#   - Tells in X-Cache whether an answer was a HIT, a MISS (now kept) or a PASS.
#   - The purge hook: `POST /.well-known/legenda-purge` with `Surrogate-Key: tag1 tag2 …` from an
#     address in legenda_purgers bans every kept page carrying any of these tags (whole tags:
#     legenda-m1-a1 does not purge legenda-m1-a12) and answers 200.
#

vcl 4.1;

import std;
import cookie;

backend legenda {
    .host = "127.0.0.1";
    .port = "4321";
}

# Who may purge: Legenda itself. Add its address when it runs on another machine.
acl legenda_purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.url ~ "^/\.well-known/legenda-purge(\?|$)") {
        call legenda_purge;
    }
    # Varnish's own checks: a Host header, and the methods it knows.
    call vcl_req_host;
    call vcl_req_method;

    # Writes, sign-in and the staff API are never cached, whoever asks.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.url ~ "^/(api/|login|logout|session)") {
        return (pass);
    }
    # The count request every visitor page makes (an image answered 204, no-store): each one
    # must reach Legenda, or the view is not counted.
    if (req.url ~ "^/seen(\?|$)") {
        return (pass);
    }
    # A signed-in curator always reads the origin's page: a preview of a draft is theirs alone,
    # and what they just published is what they see.
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)(__Host-)?legenda_session=") {
        return (pass);
    }

    # Only Legenda's own cookies matter to it: any other (a site's analytics, say) is dropped, so
    # that it keeps no visitor from the cache.
    if (req.http.Cookie) {
        cookie.parse(req.http.Cookie);
        cookie.keep_re("^(__Host-)?legenda_");
        # The language chosen before only picks the page asked without `lang`: a visitor page
        # whose address names its language is the same for every visitor, cookie or not.
        if (req.url ~ "^/(article|circuit|visit/[^?]*)\?(.*&)?lang=") {
            cookie.delete("legenda_lang");
        }
        set req.http.Cookie = cookie.get_string();
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        } else {
            # A cookie the page may read (the text size chosen before): the origin's own answer.
            return (pass);
        }
    }
    return (hash);
}

# The purge hook Legenda calls (CDN_PURGE_URL) with the tags of what changed.
sub legenda_purge {
    if (req.method != "POST") {
        return (synth(405, "POST the tags"));
    }
    if (client.ip !~ legenda_purgers) {
        return (synth(403, "Not allowed to purge"));
    }
    # With CDN_PURGE_TOKEN set in Legenda, it also sends `Authorization: Bearer {token}`; to
    # require it, uncomment and put the same token here:
    # if (req.http.Authorization != "Bearer CHANGE-ME") {
    #     return (synth(403, "Not allowed to purge"));
    # }
    # Tags are letters, digits, '-' and '_' (Legenda's are legenda-m1-a2, legenda-m1-les…):
    # anything else is refused, so that nothing but tags reaches the ban's expression.
    if (req.http.Surrogate-Key !~ "^\s*[A-Za-z0-9_-]+(\s+[A-Za-z0-9_-]+)*\s*$") {
        return (synth(400, "Surrogate-Key: tags separated by spaces"));
    }
    set req.http.X-Legenda-Tags = regsuball(
        regsuball(req.http.Surrogate-Key, "^\s+|\s+$", ""), "\s+", "|");
    # Only obj.* in the expression: Varnish's ban lurker then removes the pages in the background
    # instead of each one being tested when it is next asked for. No space nor quote in the
    # pattern: Varnish splits a ban's words at spaces.
    if (std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + req.http.X-Legenda-Tags +
        ")([[:space:]]|$)")) {
        return (synth(200, "Purged"));
    }
    return (synth(400, std.ban_error()));
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Kept only when Legenda says a shared cache may keep it: a 200 with a max-age for
    # surrogates, no cookie set, not private.
    if (beresp.status != 200 ||
        beresp.http.Set-Cookie ||
        beresp.http.Vary == "*" ||
        beresp.http.Surrogate-Control ~ "(?i)(no-store|private)" ||
        beresp.http.CDN-Cache-Control ~ "(?i)(no-store|private)") {
        call legenda_not_kept;
    }
    if (beresp.http.Surrogate-Control ~ "(?i)(^|[ ,])max-age=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control,
            "(?i)^.*(^|[ ,])max-age=([0-9]+).*$", "\2") + "s", 0s);
    } elsif (beresp.http.CDN-Cache-Control ~ "(?i)(^|[ ,])(s-maxage|max-age)=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.CDN-Cache-Control,
            "(?i)^.*(^|[ ,])(s-maxage|max-age)=([0-9]+).*$", "\3") + "s", 0s);
    } else {
        call legenda_not_kept;
    }
    if (beresp.ttl <= 0s) {
        call legenda_not_kept;
    }
    # stale-while-revalidate: an expired page is still served while a fresh one is fetched.
    # A purged page is never served again.
    if (beresp.http.CDN-Cache-Control ~ "(?i)stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.CDN-Cache-Control,
            "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    }
    return (deliver);
}

# Not kept, and for the next two minutes the requests for this address go to Legenda, each
# (hit-for-miss): a page still being translated is asked again and kept once it is complete.
sub legenda_not_kept {
    set beresp.ttl = 120s;
    set beresp.uncacheable = true;
    return (deliver);
}

sub vcl_deliver {
    # The surrogate's own headers are for this cache, not for browsers.
    unset resp.http.Surrogate-Control;
    unset resp.http.Surrogate-Key;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
