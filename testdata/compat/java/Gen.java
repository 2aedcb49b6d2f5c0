// Gen prints the vectors of compat/java: what java.util.Random and
// Collections.shuffle give for each seed. Run: java Gen.java [seed...] > vectors.txt
// (with no seeds, the committed list). Each line is
//   op seed arg value...
// with doubles and floats as the hex of their bits, and for a shuffle of the
// list 0..n-1: shuffle seed n sha256 after prefix..., where sha256 is of the
// order's decimal values each followed by a newline, after is nextLong()
// once the shuffle is done, and prefix is the order's first values (all of
// them up to n = 1000, the first 20 beyond); log lines pair x:StrictMath.log(x).
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;

public class Gen {
    static final long[] SEEDS = {
        0, 1, -1, 42, 2026, 123456789L, -123456789L, Long.MAX_VALUE, Long.MIN_VALUE,
        0x5DEECE66DL, // scrambles to a state of 0
        1L << 48, -(1L << 47), 0xDEADBEEFCAFEL,
    };
    static final int[] BOUNDS = {
        1, 2, 3, 5, 6, 7, 10, 52, 100, 1000, 1 << 16, 1 << 30, (1 << 30) + 1, 1500000000, Integer.MAX_VALUE,
    };
    static final int[] SIZES = {0, 1, 2, 3, 10, 52, 1000, 100000};
    static final int DRAWS = 20;
    static final StringBuilder out = new StringBuilder();

    public static void main(String[] args) throws Exception {
        long[] seeds = SEEDS;
        if (args.length > 0) {
            seeds = new long[args.length];
            for (int i = 0; i < args.length; i++) seeds[i] = Long.parseLong(args[i]);
        }
        for (long seed : seeds) {
            Random r = new Random(seed);
            StringBuilder v = new StringBuilder();
            for (int i = 0; i < DRAWS; i++) v.append(' ').append(r.nextInt());
            line("nextInt", seed, "-", v);
            for (int bound : BOUNDS) {
                r = new Random(seed);
                v = new StringBuilder();
                for (int i = 0; i < DRAWS; i++) v.append(' ').append(r.nextInt(bound));
                line("nextIntBound", seed, Integer.toString(bound), v);
            }
            r = new Random(seed);
            v = new StringBuilder();
            for (int i = 0; i < DRAWS; i++) v.append(' ').append(r.nextLong());
            line("nextLong", seed, "-", v);
            r = new Random(seed);
            v = new StringBuilder();
            for (int i = 0; i < DRAWS; i++) v.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(r.nextDouble())));
            line("nextDouble", seed, "-", v);
            r = new Random(seed);
            v = new StringBuilder();
            for (int i = 0; i < DRAWS; i++) v.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(r.nextFloat())));
            line("nextFloat", seed, "-", v);
            r = new Random(seed);
            v = new StringBuilder();
            for (int i = 0; i < DRAWS; i++) v.append(' ').append(r.nextBoolean() ? 1 : 0);
            line("nextBoolean", seed, "-", v);
            r = new Random(seed);
            v = new StringBuilder();
            for (int i = 0; i < DRAWS; i++) v.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(r.nextGaussian())));
            line("nextGaussian", seed, "-", v);
            r = new Random(seed);
            v = new StringBuilder();
            for (int i = 0; i < DRAWS; i++) {
                double x = Math.scalb(r.nextDouble(), r.nextInt(2100) - 1100); // subnormal to huge
                v.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(x)))
                    .append(':').append(Long.toHexString(Double.doubleToRawLongBits(StrictMath.log(x))));
            }
            line("log", seed, "-", v);
            for (int n : SIZES) shuffle(seed, n);
        }
        StringBuilder v = new StringBuilder();
        for (double x : new double[] {0, -0.0, -1, 1, 2, 0.5, Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE,
                Double.POSITIVE_INFINITY, Double.NaN, Math.nextUp(1.0), Math.nextDown(1.0), 1 + 0x1p-21, Math.E}) {
            v.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(x)))
                .append(':').append(Long.toHexString(Double.doubleToRawLongBits(StrictMath.log(x))));
        }
        line("log", 0, "-", v);
        System.out.print(out);
    }

    static void line(String op, long seed, String arg, StringBuilder values) {
        out.append(op).append(' ').append(seed).append(' ').append(arg).append(values).append('\n');
    }

    static void shuffle(long seed, int n) throws Exception {
        List<Integer> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) list.add(i);
        Random r = new Random(seed);
        Collections.shuffle(list, r);
        long after = r.nextLong();
        // A list that is not RandomAccess is shuffled through an array above
        // SHUFFLE_THRESHOLD: the order must be the same.
        List<Integer> linked = new LinkedList<>();
        for (int i = 0; i < n; i++) linked.add(i);
        Collections.shuffle(linked, new Random(seed));
        if (!linked.equals(list)) throw new AssertionError("LinkedList and ArrayList orders differ at n=" + n);
        StringBuilder text = new StringBuilder();
        for (int x : list) text.append(x).append('\n');
        byte[] sum = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes("US-ASCII"));
        StringBuilder v = new StringBuilder(" ");
        for (byte b : sum) v.append(String.format("%02x", b));
        v.append(' ').append(after);
        int prefix = n <= 1000 ? n : DRAWS;
        for (int i = 0; i < prefix; i++) v.append(' ').append(list.get(i));
        line("shuffle", seed, Integer.toString(n), v);
    }
}
