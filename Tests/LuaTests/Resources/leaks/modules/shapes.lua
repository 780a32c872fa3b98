local shapes = {
  triangle = 3, square = 4, pentagon = 5, hexagon = 6, heptagon = 7, octagon = 8,
  nonagon = 9, decagon = 10, hendecagon = 11, dodecagon = 12,
}
return shapes
