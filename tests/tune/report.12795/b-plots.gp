# gnuplot script of mmreport: the sensitivity plots of tests/tune/report.12795/b.log
# (run from this directory: gnuplot b-plots.gp)

reset
set terminal png size 800,560
set output 'b-mflops-vs-nb.png'
set title "MFLOPS vs NB (paper 002 Fig. 6(f))"
set grid
set datafile missing '-'
set key below
set offsets graph 0.08, graph 0.08, graph 0.08, graph 0.08
set xlabel "NB"
set ylabel "MFLOPS"
plot 'b-mflops-vs-nb.dat' using 1:3 with linespoints pt 7 title "screen", \
  '' using 1:4 with points pt 1 ps 2 title "re-timed (median)", \
  '' using 1:($5 > 0 ? $3 : 1/0) with points pt 6 ps 3 lc rgb "black" title "chosen"
