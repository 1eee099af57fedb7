;; Counts, in the `length` bytes at byte 16 + `start` of memory, the LF bytes (returned), the LFs
;; right after a CR (global `crlf`; the byte before them is the CR's, byte 15 holding the previous
;; chunk's last byte) and the NUL bytes (global `nul`), 16 bytes at a time with WebAssembly SIMD. The byte counters of each lane are
;; summed every 255 rounds, before they can overflow. Compiled into `count-line-breaks.ts` (its test
;; checks that the bytes there are this file's).
(module
  (memory (export "memory") 1)
  (global $crlf (export "crlf") (mut i32) (i32.const 0))
  (global $nul (export "nul") (mut i32) (i32.const 0))
  (func (export "count") (param $start i32) (param $length i32) (result i32)
    (local $at i32) (local $end i32) (local $vectorEnd i32) (local $rounds i32)
    (local $byte v128) (local $lf v128) (local $lfs v128) (local $crlfs v128) (local $nuls v128)
    (local $lfTotal v128) (local $crlfTotal v128) (local $nulTotal v128) (local $last i32) (local $lfCount i32)
    (local.set $at (i32.add (i32.const 16) (local.get $start)))
    (local.set $end (i32.add (local.get $at) (local.get $length)))
    (local.set $vectorEnd (i32.add (local.get $at) (i32.and (local.get $length) (i32.const -16))))
    (block $vectorsDone
      (loop $vectors
        (br_if $vectorsDone (i32.ge_u (local.get $at) (local.get $vectorEnd)))
        (local.set $lfs (v128.const i32x4 0 0 0 0))
        (local.set $crlfs (v128.const i32x4 0 0 0 0))
        (local.set $nuls (v128.const i32x4 0 0 0 0))
        (local.set $rounds (i32.const 255))
        (block $roundDone
          (loop $round
            (br_if $roundDone (i32.ge_u (local.get $at) (local.get $vectorEnd)))
            (br_if $roundDone (i32.eqz (local.get $rounds)))
            (local.set $byte (v128.load (local.get $at)))
            (local.set $lf (i8x16.eq (local.get $byte) (v128.const i8x16 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10)))
            (local.set $lfs (i8x16.sub (local.get $lfs) (local.get $lf)))
            (local.set $crlfs (i8x16.sub (local.get $crlfs) (v128.and (local.get $lf) (i8x16.eq (v128.load (i32.sub (local.get $at) (i32.const 1))) (v128.const i8x16 13 13 13 13 13 13 13 13 13 13 13 13 13 13 13 13)))))
            (local.set $nuls (i8x16.sub (local.get $nuls) (i8x16.eq (local.get $byte) (v128.const i32x4 0 0 0 0))))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (local.set $rounds (i32.sub (local.get $rounds) (i32.const 1)))
            (br $round)))
        (local.set $lfTotal (i32x4.add (local.get $lfTotal) (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $lfs)))))
        (local.set $crlfTotal (i32x4.add (local.get $crlfTotal) (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $crlfs)))))
        (local.set $nulTotal (i32x4.add (local.get $nulTotal) (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $nuls)))))
        (br $vectors)))
    (local.set $lfCount (i32.add (i32.add (i32x4.extract_lane 0 (local.get $lfTotal)) (i32x4.extract_lane 1 (local.get $lfTotal))) (i32.add (i32x4.extract_lane 2 (local.get $lfTotal)) (i32x4.extract_lane 3 (local.get $lfTotal)))))
    (global.set $crlf (i32.add (i32.add (i32x4.extract_lane 0 (local.get $crlfTotal)) (i32x4.extract_lane 1 (local.get $crlfTotal))) (i32.add (i32x4.extract_lane 2 (local.get $crlfTotal)) (i32x4.extract_lane 3 (local.get $crlfTotal)))))
    (global.set $nul (i32.add (i32.add (i32x4.extract_lane 0 (local.get $nulTotal)) (i32x4.extract_lane 1 (local.get $nulTotal))) (i32.add (i32x4.extract_lane 2 (local.get $nulTotal)) (i32x4.extract_lane 3 (local.get $nulTotal)))))
    (block $tailDone
      (loop $tail
        (br_if $tailDone (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $last (i32.load8_u (local.get $at)))
        (if (i32.eq (local.get $last) (i32.const 10))
          (then
            (local.set $lfCount (i32.add (local.get $lfCount) (i32.const 1)))
            (if (i32.eq (i32.load8_u (i32.sub (local.get $at) (i32.const 1))) (i32.const 13))
              (then (global.set $crlf (i32.add (global.get $crlf) (i32.const 1)))))))
        (if (i32.eqz (local.get $last)) (then (global.set $nul (i32.add (global.get $nul) (i32.const 1)))))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $tail)))
    (local.get $lfCount)))
