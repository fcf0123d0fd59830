<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="sammlung" tilewidth="16" tileheight="16" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <image source="boden.png" width="16" height="16"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="#"/>
  </properties>
  <image source="wand.png" width="16" height="16"/>
 </tile>
</tileset>
