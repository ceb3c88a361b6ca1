package dev.bluegreen.ingress;

import java.util.Random;

/** Test fixtures: parent names and namespaces of a given length, fixed or random. */
final class TestNames {

    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

    private TestNames() {}

    /** A valid parent name of exactly {@code length} characters, e.g. "p-orders-orders...". */
    static String parentOfLength(int length) {
        StringBuilder sb = new StringBuilder("p");
        String filler = "-orders";
        while (sb.length() < length) {
            sb.append(filler.charAt((sb.length() - 1) % filler.length()));
        }
        sb.setLength(length);
        if (sb.charAt(length - 1) == '-') {
            sb.setCharAt(length - 1, 'x');
        }
        return sb.toString();
    }

    /** A random valid parent name of 1..253 characters, biased towards the interesting edges. */
    static String randomParent(Random random) {
        int[] edges = {1, 2, 38, 39, 40, 45, 46, 58, 62, 63, 64, 100, 252, 253};
        int length =
                random.nextBoolean()
                        ? edges[random.nextInt(edges.length)]
                        : 1 + random.nextInt(253);
        return randomLabel(random, length, true);
    }

    /** A random DNS-1123 label of 1..63 characters. */
    static String randomNamespace(Random random) {
        int length = random.nextInt(4) == 0 ? 63 : 1 + random.nextInt(63);
        return randomLabel(random, length, false);
    }

    static String randomLabel(Random random, int length, boolean letterFirst) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            boolean edge = i == 0 || i == length - 1;
            if (i == 0 && letterFirst) {
                sb.append((char) ('a' + random.nextInt(26)));
            } else if (!edge && random.nextInt(6) == 0) {
                sb.append('-');
            } else {
                sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
        }
        return sb.toString();
    }
}
