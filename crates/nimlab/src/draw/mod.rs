//! Pictures of nimlab's objects: the figures of positions that games describe (heaps,
//! strips, boards, Hackenbush pictures) drawn as text for a terminal and as SVG,
//! thermographs of values, and diagrams of nodes and edges (game trees, game graphs,
//! Hasse diagrams). SVG goes through the one drawing interface of [`crate::picture`].

mod diagram;
mod figure;
mod text;
mod thermograph;

pub use diagram::{
    diagram_svg, Diagram, DiagramEdge, DiagramNode, Ink, Layout, MAX_DIAGRAM_EDGES,
    MAX_DIAGRAM_NODES,
};
pub use figure::figure_svg;
pub use text::{
    figure_text, game_text, partizan_sum_text, partizan_text, position_text, sum_text, DRAWN_HEAPS,
};
pub use thermograph::thermograph_svg;
