package dev.bluegreen.operator.bench;

import java.util.Arrays;
import java.util.Set;

/**
 * One request the mock API server received, as the API server's authorizer would see it: who sent
 * it (User-Agent), the verb ({@code get}, {@code list}, {@code watch}, {@code create}, {@code
 * update}, {@code patch}, {@code delete}, {@code deletecollection}, or {@code discovery} for {@code
 * /version}, {@code /api} and {@code /apis/<group>[/<version>]}) and the resource ({@code
 * <group>/<plural>[/<subresource>]}, {@code core} for the core group).
 *
 * @param agent the User-Agent header, empty when absent
 * @param verb the verb
 * @param resource the resource, or the path for discovery requests
 */
record ApiRequest(String agent, String verb, String resource) {
    private static final Set<String> WRITES =
            Set.of("create", "update", "patch", "delete", "deletecollection");

    /**
     * Classifies a request.
     *
     * @param agent the User-Agent, may be null
     * @param method the HTTP method
     * @param pathAndQuery the request path with its query string
     * @return the classified request
     */
    static ApiRequest of(String agent, String method, String pathAndQuery) {
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        String query = q < 0 ? "" : pathAndQuery.substring(q + 1);
        String[] segments =
                Arrays.stream(path.split("/")).filter(s -> !s.isEmpty()).toArray(String[]::new);
        int rest = segments.length > 0 && segments[0].equals("api") ? 2 : 3;
        if (segments.length == 0
                || !(segments[0].equals("api") || segments[0].equals("apis"))
                || segments.length <= rest) {
            return new ApiRequest(agent == null ? "" : agent, "discovery", path);
        }
        String group = rest == 2 ? "core" : segments[1];
        String[] tail = Arrays.copyOfRange(segments, rest, segments.length);
        if (tail[0].equals("namespaces") && tail.length >= 3) {
            tail = Arrays.copyOfRange(tail, 2, tail.length);
        }
        boolean named = tail.length > 1;
        String resource = group + "/" + tail[0] + (tail.length > 2 ? "/" + tail[2] : "");
        return new ApiRequest(agent == null ? "" : agent, verb(method, query, named), resource);
    }

    private static String verb(String method, String query, boolean named) {
        return switch (method) {
            case "GET" -> query.contains("watch=true") ? "watch" : named ? "get" : "list";
            case "POST" -> "create";
            case "PUT" -> "update";
            case "PATCH" -> "patch";
            case "DELETE" -> named ? "delete" : "deletecollection";
            default -> method.toLowerCase(java.util.Locale.ROOT);
        };
    }

    /** Whether the request changes state on the server. */
    boolean write() {
        return WRITES.contains(verb);
    }

    @Override
    public String toString() {
        return verb + " " + resource;
    }
}
